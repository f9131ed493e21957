// GENERATED from schemas/campaign.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/campaign.schema.json","title":"eval-magic campaign plan (campaign.json)","description":"The plan of one iteration, <workspace>/<skill>/iteration-<n>/campaign.json. Nothing in it depends on the shard or the time: every shard of a plan writes the same bytes on machines with the same checkout path, started in the same folder, and CLI version. A new iteration starts when what the agent meets changes (docs/campaign.md).","type":"object","required":["schema_version","eval_magic_version","conditions","skill","baseline","harness","evals","runs","order","model"],"additionalProperties":false,"properties":{"schema_version":{"const":1},"eval_magic_version":{"type":"string","minLength":1},"conditions":{"description":"[treatment, control].","oneOf":[{"const":["with_skill","without_skill"]},{"const":["new_skill","old_skill"]}]},"skill":{"type":"object","required":["name","source","sha256"],"additionalProperties":false,"properties":{"name":{"type":"string"},"source":{"type":"string"},"sha256":{"$ref":"#/definitions/sha256"},"files":{"type":"object","description":"Each entry of the tree by its path: `folder`, `file <sha256>` (` x` when executable) or `link <target>`, so a new iteration can name the file that changed. Absent in records of older eval-magic.","additionalProperties":{"type":"string"}}}},"baseline":{"oneOf":[{"type":"null"},{"type":"object","required":["source","sha256"],"additionalProperties":false,"properties":{"source":{"type":"string"},"sha256":{"$ref":"#/definitions/sha256"},"files":{"$ref":"#/properties/skill/properties/files"},"git":{"type":"object","description":"--baseline-ref: the ref as given and the commit it named; the baseline is the skill folder's tree at that commit.","required":["ref","commit"],"additionalProperties":false,"properties":{"ref":{"type":"string","minLength":1},"commit":{"type":"string","pattern":"^[0-9a-f]{40}([0-9a-f]{24})?$"}}}}}]},"harness":{"type":"object","required":["name","descriptor_sha256"],"additionalProperties":false,"properties":{"name":{"type":"string"},"descriptor_sha256":{"oneOf":[{"type":"null"},{"$ref":"#/definitions/sha256"}],"description":"Of the descriptor file's bytes; null for a built-in harness."},"version":{"type":["string","null"],"description":"The CLI's version line (`<executable> --version`); null when it could not be read. Absent in records of older eval-magic."}}},"evals":{"type":"object","description":"The evals.json the runs were planned from: its path (absolute; in records of older eval-magic, relative to where campaign ran), the sha256 of its bytes, and what each eval shows the agent.","required":["path","sha256"],"additionalProperties":false,"properties":{"path":{"type":"string"},"sha256":{"$ref":"#/definitions/sha256"},"meets":{"type":"object","description":"By eval id, sha256 digests of what the eval shows the agent: its prompt, its turns (prompts and gates), its files (paths and bytes). Assertions, expected_output and rubrics are no part of it. Absent in records of older eval-magic.","additionalProperties":{"type":"object","required":["prompt","turns","files"],"additionalProperties":false,"properties":{"prompt":{"$ref":"#/definitions/sha256"},"turns":{"$ref":"#/definitions/sha256"},"files":{"$ref":"#/definitions/sha256"},"files_lf":{"$ref":"#/definitions/sha256","description":"Only where one of its files holds a CRLF: the files' digest with each CRLF read as LF, so a checkout with line-ending conversion is the same files. Absent in records of older eval-magic."}}}},"setup_files":{"type":"object","description":"By path as evals.json names it, each setup file the evals' command_checks copy into a run's task, as the copy reads it (links followed, within the evals folder): `file <sha256>` (` x` when executable), `folder <tree sha256>`, `missing`, or `unreadable` (the copy cannot read it: compare cannot tell whether it changed). What compare grades by, not part of the plan: it says a setup file changed since (evals-changed) or converted to CRLF (line-endings-converted). Absent when no command_check names one, and in records of older eval-magic.","additionalProperties":{"type":"string"}},"setup_files_lf":{"type":"object","description":"Only for the setup files of setup_files that hold a CRLF: the same fingerprint with each CRLF read as LF, so the file checked out with LF later is the same file. Absent when none holds one, and in records of older eval-magic.","additionalProperties":{"type":"string"}}}},"task":{"description":"The task template (--task) as given and its tree digest; null for none (an empty task). Absent in records of older eval-magic.","oneOf":[{"type":"null"},{"type":"object","required":["source","sha256"],"additionalProperties":false,"properties":{"source":{"type":"string"},"sha256":{"$ref":"#/definitions/sha256"}}}]},"runs":{"type":"object","description":"Runs per condition by eval id: the eval's own runs, else --runs.","additionalProperties":{"type":"integer","minimum":1}},"order":{"type":"array","description":"Every run of the plan in the order started; shard k of n takes every n-th pair (both arms of one eval's run j) from the k-th.","items":{"type":"object","required":["eval_id","condition","run"],"additionalProperties":false,"properties":{"eval_id":{"type":"string"},"condition":{"enum":["with_skill","without_skill","new_skill","old_skill"]},"run":{"type":"integer","minimum":1}}}},"model":{"type":["string","null"]},"started_in":{"type":"string","pattern":"^/","description":"The folder campaign was started in, an absolute path: a relative skill.source, baseline.source or task.source is relative to it. A folder of the machine that wrote it: compare and judge also resolve a relative source from this machine's equivalent of it (found from where evals.json is found), from each folder above the workspace and from the folder they were started in, and hide each whose SKILL.md is the one the tree's files record or whose front matter's name is skill.name. Absent in records of older eval-magic."}},"definitions":{"sha256":{"type":"string","pattern":"^[0-9a-f]{64}$"}}};
const schema12 = {"type":"string","pattern":"^[0-9a-f]{64}$"};
const schema14 = {"type":"object","description":"Each entry of the tree by its path: `folder`, `file <sha256>` (` x` when executable) or `link <target>`, so a new iteration can name the file that changed. Absent in records of older eval-magic.","additionalProperties":{"type":"string"}};
const func2 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const func0 = require("ajv/dist/runtime/equal").default;
const pattern0 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern2 = new RegExp("^[0-9a-f]{40}([0-9a-f]{24})?$", "u");
const pattern10 = new RegExp("^/", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/campaign.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema_version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema_version"},message:"must have required property '"+"schema_version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.eval_magic_version === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "eval_magic_version"},message:"must have required property '"+"eval_magic_version"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.conditions === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "conditions"},message:"must have required property '"+"conditions"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.skill === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "skill"},message:"must have required property '"+"skill"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.baseline === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "baseline"},message:"must have required property '"+"baseline"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.harness === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "harness"},message:"must have required property '"+"harness"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.evals === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "evals"},message:"must have required property '"+"evals"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.runs === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "runs"},message:"must have required property '"+"runs"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.order === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "order"},message:"must have required property '"+"order"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.model === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.schema_version !== undefined){
if(1 !== data.schema_version){
const err11 = {instancePath:instancePath+"/schema_version",schemaPath:"#/properties/schema_version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.eval_magic_version !== undefined){
let data1 = data.eval_magic_version;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err12 = {instancePath:instancePath+"/eval_magic_version",schemaPath:"#/properties/eval_magic_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/eval_magic_version",schemaPath:"#/properties/eval_magic_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.conditions !== undefined){
let data2 = data.conditions;
const _errs6 = errors;
let valid1 = false;
let passing0 = null;
const _errs7 = errors;
if(!func0(data2, schema11.properties.conditions.oneOf[0].const)){
const err14 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/oneOf/0/const",keyword:"const",params:{allowedValue: schema11.properties.conditions.oneOf[0].const},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs7 === errors;
if(_valid0){
valid1 = true;
passing0 = 0;
}
const _errs8 = errors;
if(!func0(data2, schema11.properties.conditions.oneOf[1].const)){
const err15 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/oneOf/1/const",keyword:"const",params:{allowedValue: schema11.properties.conditions.oneOf[1].const},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs8 === errors;
if(_valid0 && valid1){
valid1 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid1 = true;
passing0 = 1;
}
}
if(!valid1){
const err16 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
}
if(data.skill !== undefined){
let data3 = data.skill;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.name === undefined){
const err17 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data3.source === undefined){
const err18 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data3.sha256 === undefined){
const err19 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key1 in data3){
if(!((((key1 === "name") || (key1 === "source")) || (key1 === "sha256")) || (key1 === "files"))){
const err20 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data3.name !== undefined){
if(typeof data3.name !== "string"){
const err21 = {instancePath:instancePath+"/skill/name",schemaPath:"#/properties/skill/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data3.source !== undefined){
if(typeof data3.source !== "string"){
const err22 = {instancePath:instancePath+"/skill/source",schemaPath:"#/properties/skill/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data3.sha256 !== undefined){
let data6 = data3.sha256;
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err23 = {instancePath:instancePath+"/skill/sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/skill/sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data3.files !== undefined){
let data7 = data3.files;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
for(const key2 in data7){
if(typeof data7[key2] !== "string"){
const err25 = {instancePath:instancePath+"/skill/files/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/skill/properties/files/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/skill/files",schemaPath:"#/properties/skill/properties/files/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.baseline !== undefined){
let data9 = data.baseline;
const _errs25 = errors;
let valid5 = false;
let passing1 = null;
const _errs26 = errors;
if(data9 !== null){
const err28 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid1 = _errs26 === errors;
if(_valid1){
valid5 = true;
passing1 = 0;
}
const _errs28 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.source === undefined){
const err29 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data9.sha256 === undefined){
const err30 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
for(const key3 in data9){
if(!((((key3 === "source") || (key3 === "sha256")) || (key3 === "files")) || (key3 === "git"))){
const err31 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data9.source !== undefined){
if(typeof data9.source !== "string"){
const err32 = {instancePath:instancePath+"/baseline/source",schemaPath:"#/properties/baseline/oneOf/1/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data9.sha256 !== undefined){
let data11 = data9.sha256;
if(typeof data11 === "string"){
if(!pattern0.test(data11)){
const err33 = {instancePath:instancePath+"/baseline/sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/baseline/sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data9.files !== undefined){
let data12 = data9.files;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
for(const key4 in data12){
if(typeof data12[key4] !== "string"){
const err35 = {instancePath:instancePath+"/baseline/files/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/skill/properties/files/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/baseline/files",schemaPath:"#/properties/skill/properties/files/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data9.git !== undefined){
let data14 = data9.git;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.ref === undefined){
const err37 = {instancePath:instancePath+"/baseline/git",schemaPath:"#/properties/baseline/oneOf/1/properties/git/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data14.commit === undefined){
const err38 = {instancePath:instancePath+"/baseline/git",schemaPath:"#/properties/baseline/oneOf/1/properties/git/required",keyword:"required",params:{missingProperty: "commit"},message:"must have required property '"+"commit"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
for(const key5 in data14){
if(!((key5 === "ref") || (key5 === "commit"))){
const err39 = {instancePath:instancePath+"/baseline/git",schemaPath:"#/properties/baseline/oneOf/1/properties/git/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data14.ref !== undefined){
let data15 = data14.ref;
if(typeof data15 === "string"){
if(func3(data15) < 1){
const err40 = {instancePath:instancePath+"/baseline/git/ref",schemaPath:"#/properties/baseline/oneOf/1/properties/git/properties/ref/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/baseline/git/ref",schemaPath:"#/properties/baseline/oneOf/1/properties/git/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data14.commit !== undefined){
let data16 = data14.commit;
if(typeof data16 === "string"){
if(!pattern2.test(data16)){
const err42 = {instancePath:instancePath+"/baseline/git/commit",schemaPath:"#/properties/baseline/oneOf/1/properties/git/properties/commit/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$"},message:"must match pattern \""+"^[0-9a-f]{40}([0-9a-f]{24})?$"+"\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/baseline/git/commit",schemaPath:"#/properties/baseline/oneOf/1/properties/git/properties/commit/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath:instancePath+"/baseline/git",schemaPath:"#/properties/baseline/oneOf/1/properties/git/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
else {
const err45 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid1 = _errs28 === errors;
if(_valid1 && valid5){
valid5 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid5 = true;
passing1 = 1;
}
}
if(!valid5){
const err46 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs25;
if(vErrors !== null){
if(_errs25){
vErrors.length = _errs25;
}
else {
vErrors = null;
}
}
}
}
if(data.harness !== undefined){
let data17 = data.harness;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.name === undefined){
const err47 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(data17.descriptor_sha256 === undefined){
const err48 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "descriptor_sha256"},message:"must have required property '"+"descriptor_sha256"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
for(const key6 in data17){
if(!(((key6 === "name") || (key6 === "descriptor_sha256")) || (key6 === "version"))){
const err49 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data17.name !== undefined){
if(typeof data17.name !== "string"){
const err50 = {instancePath:instancePath+"/harness/name",schemaPath:"#/properties/harness/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data17.descriptor_sha256 !== undefined){
let data19 = data17.descriptor_sha256;
const _errs55 = errors;
let valid12 = false;
let passing2 = null;
const _errs56 = errors;
if(data19 !== null){
const err51 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/properties/harness/properties/descriptor_sha256/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var _valid2 = _errs56 === errors;
if(_valid2){
valid12 = true;
passing2 = 0;
}
const _errs58 = errors;
if(typeof data19 === "string"){
if(!pattern0.test(data19)){
const err52 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var _valid2 = _errs58 === errors;
if(_valid2 && valid12){
valid12 = false;
passing2 = [passing2, 1];
}
else {
if(_valid2){
valid12 = true;
passing2 = 1;
}
}
if(!valid12){
const err54 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/properties/harness/properties/descriptor_sha256/oneOf",keyword:"oneOf",params:{passingSchemas: passing2},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
else {
errors = _errs55;
if(vErrors !== null){
if(_errs55){
vErrors.length = _errs55;
}
else {
vErrors = null;
}
}
}
}
if(data17.version !== undefined){
let data20 = data17.version;
if((typeof data20 !== "string") && (data20 !== null)){
const err55 = {instancePath:instancePath+"/harness/version",schemaPath:"#/properties/harness/properties/version/type",keyword:"type",params:{type: schema11.properties.harness.properties.version.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.evals !== undefined){
let data21 = data.evals;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.path === undefined){
const err57 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(data21.sha256 === undefined){
const err58 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
for(const key7 in data21){
if(!(((((key7 === "path") || (key7 === "sha256")) || (key7 === "meets")) || (key7 === "setup_files")) || (key7 === "setup_files_lf"))){
const err59 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data21.path !== undefined){
if(typeof data21.path !== "string"){
const err60 = {instancePath:instancePath+"/evals/path",schemaPath:"#/properties/evals/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data21.sha256 !== undefined){
let data23 = data21.sha256;
if(typeof data23 === "string"){
if(!pattern0.test(data23)){
const err61 = {instancePath:instancePath+"/evals/sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/evals/sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data21.meets !== undefined){
let data24 = data21.meets;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key8 in data24){
let data25 = data24[key8];
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
if(data25.prompt === undefined){
const err63 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/evals/properties/meets/additionalProperties/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(data25.turns === undefined){
const err64 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/evals/properties/meets/additionalProperties/required",keyword:"required",params:{missingProperty: "turns"},message:"must have required property '"+"turns"+"'"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(data25.files === undefined){
const err65 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/evals/properties/meets/additionalProperties/required",keyword:"required",params:{missingProperty: "files"},message:"must have required property '"+"files"+"'"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
for(const key9 in data25){
if(!((((key9 === "prompt") || (key9 === "turns")) || (key9 === "files")) || (key9 === "files_lf"))){
const err66 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/evals/properties/meets/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data25.prompt !== undefined){
let data26 = data25.prompt;
if(typeof data26 === "string"){
if(!pattern0.test(data26)){
const err67 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/prompt",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
else {
const err68 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/prompt",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data25.turns !== undefined){
let data27 = data25.turns;
if(typeof data27 === "string"){
if(!pattern0.test(data27)){
const err69 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/turns",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
else {
const err70 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/turns",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data25.files !== undefined){
let data28 = data25.files;
if(typeof data28 === "string"){
if(!pattern0.test(data28)){
const err71 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/files",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
else {
const err72 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/files",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data25.files_lf !== undefined){
let data29 = data25.files_lf;
if(typeof data29 === "string"){
if(!pattern0.test(data29)){
const err73 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/files_lf",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1")+"/files_lf",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
else {
const err75 = {instancePath:instancePath+"/evals/meets/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/evals/properties/meets/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
else {
const err76 = {instancePath:instancePath+"/evals/meets",schemaPath:"#/properties/evals/properties/meets/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data21.setup_files !== undefined){
let data30 = data21.setup_files;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
for(const key10 in data30){
if(typeof data30[key10] !== "string"){
const err77 = {instancePath:instancePath+"/evals/setup_files/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/evals/properties/setup_files/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/evals/setup_files",schemaPath:"#/properties/evals/properties/setup_files/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data21.setup_files_lf !== undefined){
let data32 = data21.setup_files_lf;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
for(const key11 in data32){
if(typeof data32[key11] !== "string"){
const err79 = {instancePath:instancePath+"/evals/setup_files_lf/" + key11.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/evals/properties/setup_files_lf/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
else {
const err80 = {instancePath:instancePath+"/evals/setup_files_lf",schemaPath:"#/properties/evals/properties/setup_files_lf/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
}
else {
const err81 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data.task !== undefined){
let data34 = data.task;
const _errs100 = errors;
let valid24 = false;
let passing3 = null;
const _errs101 = errors;
if(data34 !== null){
const err82 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
var _valid3 = _errs101 === errors;
if(_valid3){
valid24 = true;
passing3 = 0;
}
const _errs103 = errors;
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
if(data34.source === undefined){
const err83 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/oneOf/1/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(data34.sha256 === undefined){
const err84 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/oneOf/1/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
for(const key12 in data34){
if(!((key12 === "source") || (key12 === "sha256"))){
const err85 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data34.source !== undefined){
if(typeof data34.source !== "string"){
const err86 = {instancePath:instancePath+"/task/source",schemaPath:"#/properties/task/oneOf/1/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
if(data34.sha256 !== undefined){
let data36 = data34.sha256;
if(typeof data36 === "string"){
if(!pattern0.test(data36)){
const err87 = {instancePath:instancePath+"/task/sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
else {
const err88 = {instancePath:instancePath+"/task/sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
}
else {
const err89 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
var _valid3 = _errs103 === errors;
if(_valid3 && valid24){
valid24 = false;
passing3 = [passing3, 1];
}
else {
if(_valid3){
valid24 = true;
passing3 = 1;
}
}
if(!valid24){
const err90 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/oneOf",keyword:"oneOf",params:{passingSchemas: passing3},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
else {
errors = _errs100;
if(vErrors !== null){
if(_errs100){
vErrors.length = _errs100;
}
else {
vErrors = null;
}
}
}
}
if(data.runs !== undefined){
let data37 = data.runs;
if(data37 && typeof data37 == "object" && !Array.isArray(data37)){
for(const key13 in data37){
let data38 = data37[key13];
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err91 = {instancePath:instancePath+"/runs/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/runs/additionalProperties/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 < 1 || isNaN(data38)){
const err92 = {instancePath:instancePath+"/runs/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/runs/additionalProperties/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
}
}
else {
const err93 = {instancePath:instancePath+"/runs",schemaPath:"#/properties/runs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data.order !== undefined){
let data39 = data.order;
if(Array.isArray(data39)){
const len0 = data39.length;
for(let i0=0; i0<len0; i0++){
let data40 = data39[i0];
if(data40 && typeof data40 == "object" && !Array.isArray(data40)){
if(data40.eval_id === undefined){
const err94 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/required",keyword:"required",params:{missingProperty: "eval_id"},message:"must have required property '"+"eval_id"+"'"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if(data40.condition === undefined){
const err95 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/required",keyword:"required",params:{missingProperty: "condition"},message:"must have required property '"+"condition"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
if(data40.run === undefined){
const err96 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
for(const key14 in data40){
if(!(((key14 === "eval_id") || (key14 === "condition")) || (key14 === "run"))){
const err97 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data40.eval_id !== undefined){
if(typeof data40.eval_id !== "string"){
const err98 = {instancePath:instancePath+"/order/" + i0+"/eval_id",schemaPath:"#/properties/order/items/properties/eval_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data40.condition !== undefined){
let data42 = data40.condition;
if(!((((data42 === "with_skill") || (data42 === "without_skill")) || (data42 === "new_skill")) || (data42 === "old_skill"))){
const err99 = {instancePath:instancePath+"/order/" + i0+"/condition",schemaPath:"#/properties/order/items/properties/condition/enum",keyword:"enum",params:{allowedValues: schema11.properties.order.items.properties.condition.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
if(data40.run !== undefined){
let data43 = data40.run;
if(!(((typeof data43 == "number") && (!(data43 % 1) && !isNaN(data43))) && (isFinite(data43)))){
const err100 = {instancePath:instancePath+"/order/" + i0+"/run",schemaPath:"#/properties/order/items/properties/run/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
if((typeof data43 == "number") && (isFinite(data43))){
if(data43 < 1 || isNaN(data43)){
const err101 = {instancePath:instancePath+"/order/" + i0+"/run",schemaPath:"#/properties/order/items/properties/run/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
}
else {
const err102 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
}
else {
const err103 = {instancePath:instancePath+"/order",schemaPath:"#/properties/order/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data.model !== undefined){
let data44 = data.model;
if((typeof data44 !== "string") && (data44 !== null)){
const err104 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: schema11.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data.started_in !== undefined){
let data45 = data.started_in;
if(typeof data45 === "string"){
if(!pattern10.test(data45)){
const err105 = {instancePath:instancePath+"/started_in",schemaPath:"#/properties/started_in/pattern",keyword:"pattern",params:{pattern: "^/"},message:"must match pattern \""+"^/"+"\""};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
else {
const err106 = {instancePath:instancePath+"/started_in",schemaPath:"#/properties/started_in/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
}
else {
const err107 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

