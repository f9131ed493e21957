// GENERATED from schemas/run.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/run.schema.json","title":"eval-magic campaign run record (run.json)","description":"What `eval-magic campaign` records of one run, beside its conversation.json in <workspace>/<skill>/iteration-<n>/eval-<id>/<condition>/run-<j>/. Paths are relative to that run folder.","type":"object","required":["schema_version","eval_magic_version","eval_id","condition","run","harness","model","skill","started_at","ended_at","duration_ms","status","stop_reason","abort_reason","message","exit_code","rounds","delivered_followups","attempts","failures","tokens","skill_roster","isolation","task_dir","staged_dir"],"additionalProperties":false,"properties":{"schema_version":{"const":1},"eval_magic_version":{"type":"string","minLength":1},"eval_id":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]*$"},"condition":{"enum":["with_skill","without_skill","new_skill","old_skill"]},"run":{"type":"integer","minimum":1,"description":"j of run-<j>, 1-based."},"harness":{"type":"object","required":["name","version"],"additionalProperties":false,"properties":{"name":{"type":"string"},"version":{"type":["string","null"],"description":"The first line `<executable> --version` printed; null when it could not be read."}}},"model":{"type":["string","null"]},"skill":{"description":"The skill staged for this run; null for the control arm (without_skill).","oneOf":[{"type":"null"},{"type":"object","required":["name","source","sha256","staged_at"],"additionalProperties":false,"properties":{"name":{"type":"string"},"source":{"type":"string","description":"The skill folder as given (--skill or --baseline); with --baseline-ref, the skill folder and the ref (`<folder>@<ref>`)."},"sha256":{"$ref":"#/definitions/sha256"},"git":{"type":"object","description":"--baseline-ref: the ref as given and the commit it named; the staged tree is the skill folder's at that commit.","required":["ref","commit"],"additionalProperties":false,"properties":{"ref":{"type":"string","minLength":1},"commit":{"type":"string","pattern":"^[0-9a-f]{40}([0-9a-f]{24})?$"}}},"staged_at":{"type":"string","pattern":"^[^/]","not":{"pattern":"(^|/)\\.\\.(/|$)"},"description":"Where it was staged, relative to the task folder (e.g. .claude/skills/<name>): below it, so no absolute path and no .. segment."}}}]},"started_at":{"type":"string","format":"date-time"},"ended_at":{"type":"string","format":"date-time"},"duration_ms":{"type":"integer","minimum":0},"started_alone":{"const":true,"description":"The session its campaign command started alone, the others waiting until its first round ended (a harness with serialize_first_start): its duration holds the CLI's first-start work and no contention, so compare leaves it out of duration_ms. Absent in every other run's record."},"status":{"enum":["completed","stopped","aborted"],"description":"completed or stopped at a gate: conversation.json was written; aborted: it was not (an interrupt is aborted with abort_reason \"interrupted\")."},"stop_reason":{"type":["string","null"],"description":"The gate's reason when stopped."},"abort_reason":{"type":["string","null"],"description":"Why the run aborted: the runner's reason (agent-failed, timed-out, interrupted, …), staging-failed, locked, skill-reachable or internal-error."},"message":{"type":["string","null"],"description":"The abort's explanation, naming the round and the file to look at."},"agent_error":{"type":["string","null"],"description":"The agent's own error text from its event stream (Claude Code's is_error result, Codex's turn.failed or error, OpenCode's error event), one line; null when it gave none."},"exit_code":{"type":["integer","null"],"description":"0 when the agent ended every round well; its exit status when it failed; null when it was killed, timed out or never started."},"rounds":{"type":"integer","minimum":0},"delivered_followups":{"type":["integer","null"],"minimum":0},"attempts":{"type":"integer","minimum":0,"description":"Attempts so far, across commands on this iteration (0: the run folder was in use and nothing ran)."},"failures":{"type":"array","description":"The attempts that failed before the last one, oldest first.","items":{"type":"object","required":["attempt","reason","message"],"additionalProperties":false,"properties":{"attempt":{"type":"integer","minimum":1},"reason":{"type":"string"},"message":{"type":"string"},"work_dir":{"type":["string","null"],"description":"The neutral folder the attempt's agent worked in (removed since; null when none was made): the path its model saw, to match a model-side log to the run. Absent in records written before it was kept."}}}},"tokens":{"description":"Token counts summed over the rounds, by kind, as the stream reports them; null when it reports none.","oneOf":[{"type":"null"},{"type":"object","required":["input","output"],"additionalProperties":false,"properties":{"input":{"type":"number","minimum":0},"output":{"type":"number","minimum":0},"cache_read":{"type":"number","minimum":0},"cache_write":{"type":"number","minimum":0},"reasoning":{"type":"number","minimum":0}}}]},"cost_usd":{"type":["number","null"],"minimum":0,"description":"What the rounds cost in US dollars, summed, as the CLI reports it (Claude Code's total_cost_usd, OpenCode's step cost); null when the CLI reports no cost (Codex), never 0 for unknown. Absent in records written before eval-magic recorded it."},"skill_roster":{"type":["array","null"],"items":{"type":"string"},"description":"The session's skills as its stream lists them (Claude Code's system/init event); null when the stream shows none."},"isolation":{"type":"object","required":["valid","problems"],"additionalProperties":false,"properties":{"valid":{"type":"boolean"},"problems":{"type":"array","items":{"type":"object","required":["code","message"],"additionalProperties":false,"properties":{"code":{"enum":["control-saw-skill","skill-not-in-roster","skill-reachable","instruction-file-changed"]},"message":{"type":"string"}}}}}},"harness_paths":{"type":"array","items":{"type":"string"},"description":"The task's folders that are the harness's own (its skills and config folders): no diff counts them, in either arm."},"work_dir":{"type":["string","null"],"description":"The neutral folder the agent worked in (<tmp>/<random>/<random>/work, named after nothing of the run; eval-magic 0.1 made <tmp>/<random>/work); its content is moved to task_dir when the attempt ends. While an attempt runs, the folder to remove if eval-magic is killed."},"task_dir":{"const":"task","description":"The run's final task folder (the agent's working folder), kept for grading."},"staged_dir":{"const":"staged","description":"A copy of the task as staged before the agent ran, without the staged skill."},"empty_dirs":{"type":"array","items":{"enum":["task","staged"]},"uniqueItems":true,"description":"Which of task_dir and staged_dir held no file or link (folders at most, or nothing) when the run ended. A copy that keeps no empty folder (git, an artifact upload) drops them: compare and judge grade one that is gone as the empty folder it was, and fail the run when a folder not named here is gone. Absent in records written before eval-magic kept it."},"conversation_sha256":{"$ref":"#/definitions/sha256","description":"The sha256 of the conversation.json the run wrote (completed or stopped), of its text with a leading byte-order mark dropped and each CRLF or lone CR read as LF (so a checkout that converts line endings is no edit): compare warns (conversation-edited) when the file on disk digests otherwise, since its transcript checks and judge rubrics then grade another text than the run's. Absent in an aborted run's record, and in records written before eval-magic kept it."}},"definitions":{"sha256":{"type":"string","pattern":"^[0-9a-f]{64}$"}}};
const schema12 = {"type":"string","pattern":"^[0-9a-f]{64}$"};
const func2 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const func0 = require("ajv/dist/runtime/equal").default;
const pattern0 = new RegExp("^[a-z0-9][a-z0-9-]*$", "u");
const pattern1 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern2 = new RegExp("^[0-9a-f]{40}([0-9a-f]{24})?$", "u");
const pattern3 = new RegExp("(^|/)\\.\\.(/|$)", "u");
const pattern4 = new RegExp("^[^/]", "u");
const formats0 = require("ajv-formats/dist/formats").fullFormats["date-time"];

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/run.schema.json" */;
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
if(data.eval_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "eval_id"},message:"must have required property '"+"eval_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.condition === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "condition"},message:"must have required property '"+"condition"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.run === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
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
if(data.model === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.skill === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "skill"},message:"must have required property '"+"skill"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.started_at === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.ended_at === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ended_at"},message:"must have required property '"+"ended_at"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.duration_ms === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "duration_ms"},message:"must have required property '"+"duration_ms"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.status === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.stop_reason === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stop_reason"},message:"must have required property '"+"stop_reason"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.abort_reason === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "abort_reason"},message:"must have required property '"+"abort_reason"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.message === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.exit_code === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "exit_code"},message:"must have required property '"+"exit_code"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.rounds === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rounds"},message:"must have required property '"+"rounds"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.delivered_followups === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "delivered_followups"},message:"must have required property '"+"delivered_followups"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.attempts === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempts"},message:"must have required property '"+"attempts"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data.failures === undefined){
const err19 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "failures"},message:"must have required property '"+"failures"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data.tokens === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tokens"},message:"must have required property '"+"tokens"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.skill_roster === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "skill_roster"},message:"must have required property '"+"skill_roster"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.isolation === undefined){
const err22 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "isolation"},message:"must have required property '"+"isolation"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.task_dir === undefined){
const err23 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task_dir"},message:"must have required property '"+"task_dir"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data.staged_dir === undefined){
const err24 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "staged_dir"},message:"must have required property '"+"staged_dir"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err25 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.schema_version !== undefined){
if(1 !== data.schema_version){
const err26 = {instancePath:instancePath+"/schema_version",schemaPath:"#/properties/schema_version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.eval_magic_version !== undefined){
let data1 = data.eval_magic_version;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err27 = {instancePath:instancePath+"/eval_magic_version",schemaPath:"#/properties/eval_magic_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/eval_magic_version",schemaPath:"#/properties/eval_magic_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.eval_id !== undefined){
let data2 = data.eval_id;
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err29 = {instancePath:instancePath+"/eval_id",schemaPath:"#/properties/eval_id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/eval_id",schemaPath:"#/properties/eval_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.condition !== undefined){
let data3 = data.condition;
if(!((((data3 === "with_skill") || (data3 === "without_skill")) || (data3 === "new_skill")) || (data3 === "old_skill"))){
const err31 = {instancePath:instancePath+"/condition",schemaPath:"#/properties/condition/enum",keyword:"enum",params:{allowedValues: schema11.properties.condition.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.run !== undefined){
let data4 = data.run;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err32 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 1 || isNaN(data4)){
const err33 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
if(data.harness !== undefined){
let data5 = data.harness;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.name === undefined){
const err34 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data5.version === undefined){
const err35 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
for(const key1 in data5){
if(!((key1 === "name") || (key1 === "version"))){
const err36 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data5.name !== undefined){
if(typeof data5.name !== "string"){
const err37 = {instancePath:instancePath+"/harness/name",schemaPath:"#/properties/harness/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data5.version !== undefined){
let data7 = data5.version;
if((typeof data7 !== "string") && (data7 !== null)){
const err38 = {instancePath:instancePath+"/harness/version",schemaPath:"#/properties/harness/properties/version/type",keyword:"type",params:{type: schema11.properties.harness.properties.version.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.model !== undefined){
let data8 = data.model;
if((typeof data8 !== "string") && (data8 !== null)){
const err40 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: schema11.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.skill !== undefined){
let data9 = data.skill;
const _errs20 = errors;
let valid2 = false;
let passing0 = null;
const _errs21 = errors;
if(data9 !== null){
const err41 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid0 = _errs21 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs23 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.name === undefined){
const err42 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf/1/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data9.source === undefined){
const err43 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf/1/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data9.sha256 === undefined){
const err44 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf/1/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data9.staged_at === undefined){
const err45 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf/1/required",keyword:"required",params:{missingProperty: "staged_at"},message:"must have required property '"+"staged_at"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
for(const key2 in data9){
if(!(((((key2 === "name") || (key2 === "source")) || (key2 === "sha256")) || (key2 === "git")) || (key2 === "staged_at"))){
const err46 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data9.name !== undefined){
if(typeof data9.name !== "string"){
const err47 = {instancePath:instancePath+"/skill/name",schemaPath:"#/properties/skill/oneOf/1/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data9.source !== undefined){
if(typeof data9.source !== "string"){
const err48 = {instancePath:instancePath+"/skill/source",schemaPath:"#/properties/skill/oneOf/1/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data9.sha256 !== undefined){
let data12 = data9.sha256;
if(typeof data12 === "string"){
if(!pattern1.test(data12)){
const err49 = {instancePath:instancePath+"/skill/sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/skill/sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data9.git !== undefined){
let data13 = data9.git;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.ref === undefined){
const err51 = {instancePath:instancePath+"/skill/git",schemaPath:"#/properties/skill/oneOf/1/properties/git/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data13.commit === undefined){
const err52 = {instancePath:instancePath+"/skill/git",schemaPath:"#/properties/skill/oneOf/1/properties/git/required",keyword:"required",params:{missingProperty: "commit"},message:"must have required property '"+"commit"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
for(const key3 in data13){
if(!((key3 === "ref") || (key3 === "commit"))){
const err53 = {instancePath:instancePath+"/skill/git",schemaPath:"#/properties/skill/oneOf/1/properties/git/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data13.ref !== undefined){
let data14 = data13.ref;
if(typeof data14 === "string"){
if(func3(data14) < 1){
const err54 = {instancePath:instancePath+"/skill/git/ref",schemaPath:"#/properties/skill/oneOf/1/properties/git/properties/ref/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/skill/git/ref",schemaPath:"#/properties/skill/oneOf/1/properties/git/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data13.commit !== undefined){
let data15 = data13.commit;
if(typeof data15 === "string"){
if(!pattern2.test(data15)){
const err56 = {instancePath:instancePath+"/skill/git/commit",schemaPath:"#/properties/skill/oneOf/1/properties/git/properties/commit/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$"},message:"must match pattern \""+"^[0-9a-f]{40}([0-9a-f]{24})?$"+"\""};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/skill/git/commit",schemaPath:"#/properties/skill/oneOf/1/properties/git/properties/commit/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
else {
const err58 = {instancePath:instancePath+"/skill/git",schemaPath:"#/properties/skill/oneOf/1/properties/git/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data9.staged_at !== undefined){
let data16 = data9.staged_at;
const _errs42 = errors;
const _errs43 = errors;
if(typeof data16 === "string"){
if(!pattern3.test(data16)){
const err59 = {};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
var valid6 = _errs43 === errors;
if(valid6){
const err60 = {instancePath:instancePath+"/skill/staged_at",schemaPath:"#/properties/skill/oneOf/1/properties/staged_at/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
else {
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
}
if(typeof data16 === "string"){
if(!pattern4.test(data16)){
const err61 = {instancePath:instancePath+"/skill/staged_at",schemaPath:"#/properties/skill/oneOf/1/properties/staged_at/pattern",keyword:"pattern",params:{pattern: "^[^/]"},message:"must match pattern \""+"^[^/]"+"\""};
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
const err62 = {instancePath:instancePath+"/skill/staged_at",schemaPath:"#/properties/skill/oneOf/1/properties/staged_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
else {
const err63 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var _valid0 = _errs23 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
}
if(!valid2){
const err64 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
else {
errors = _errs20;
if(vErrors !== null){
if(_errs20){
vErrors.length = _errs20;
}
else {
vErrors = null;
}
}
}
}
if(data.started_at !== undefined){
let data17 = data.started_at;
if(typeof data17 === "string"){
if(!(formats0.validate(data17))){
const err65 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data.ended_at !== undefined){
let data18 = data.ended_at;
if(typeof data18 === "string"){
if(!(formats0.validate(data18))){
const err67 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
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
const err68 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data.duration_ms !== undefined){
let data19 = data.duration_ms;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err69 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 0 || isNaN(data19)){
const err70 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
if(data.started_alone !== undefined){
if(true !== data.started_alone){
const err71 = {instancePath:instancePath+"/started_alone",schemaPath:"#/properties/started_alone/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data.status !== undefined){
let data21 = data.status;
if(!(((data21 === "completed") || (data21 === "stopped")) || (data21 === "aborted"))){
const err72 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema11.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data.stop_reason !== undefined){
let data22 = data.stop_reason;
if((typeof data22 !== "string") && (data22 !== null)){
const err73 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/properties/stop_reason/type",keyword:"type",params:{type: schema11.properties.stop_reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data.abort_reason !== undefined){
let data23 = data.abort_reason;
if((typeof data23 !== "string") && (data23 !== null)){
const err74 = {instancePath:instancePath+"/abort_reason",schemaPath:"#/properties/abort_reason/type",keyword:"type",params:{type: schema11.properties.abort_reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data.message !== undefined){
let data24 = data.message;
if((typeof data24 !== "string") && (data24 !== null)){
const err75 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: schema11.properties.message.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data.agent_error !== undefined){
let data25 = data.agent_error;
if((typeof data25 !== "string") && (data25 !== null)){
const err76 = {instancePath:instancePath+"/agent_error",schemaPath:"#/properties/agent_error/type",keyword:"type",params:{type: schema11.properties.agent_error.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data.exit_code !== undefined){
let data26 = data.exit_code;
if((!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))) && (data26 !== null)){
const err77 = {instancePath:instancePath+"/exit_code",schemaPath:"#/properties/exit_code/type",keyword:"type",params:{type: schema11.properties.exit_code.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data.rounds !== undefined){
let data27 = data.rounds;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err78 = {instancePath:instancePath+"/rounds",schemaPath:"#/properties/rounds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 < 0 || isNaN(data27)){
const err79 = {instancePath:instancePath+"/rounds",schemaPath:"#/properties/rounds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.delivered_followups !== undefined){
let data28 = data.delivered_followups;
if((!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))) && (data28 !== null)){
const err80 = {instancePath:instancePath+"/delivered_followups",schemaPath:"#/properties/delivered_followups/type",keyword:"type",params:{type: schema11.properties.delivered_followups.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 0 || isNaN(data28)){
const err81 = {instancePath:instancePath+"/delivered_followups",schemaPath:"#/properties/delivered_followups/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
if(data.attempts !== undefined){
let data29 = data.attempts;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err82 = {instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 < 0 || isNaN(data29)){
const err83 = {instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
if(data.failures !== undefined){
let data30 = data.failures;
if(Array.isArray(data30)){
const len0 = data30.length;
for(let i0=0; i0<len0; i0++){
let data31 = data30[i0];
if(data31 && typeof data31 == "object" && !Array.isArray(data31)){
if(data31.attempt === undefined){
const err84 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/required",keyword:"required",params:{missingProperty: "attempt"},message:"must have required property '"+"attempt"+"'"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if(data31.reason === undefined){
const err85 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(data31.message === undefined){
const err86 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
for(const key4 in data31){
if(!((((key4 === "attempt") || (key4 === "reason")) || (key4 === "message")) || (key4 === "work_dir"))){
const err87 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data31.attempt !== undefined){
let data32 = data31.attempt;
if(!(((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32))) && (isFinite(data32)))){
const err88 = {instancePath:instancePath+"/failures/" + i0+"/attempt",schemaPath:"#/properties/failures/items/properties/attempt/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 < 1 || isNaN(data32)){
const err89 = {instancePath:instancePath+"/failures/" + i0+"/attempt",schemaPath:"#/properties/failures/items/properties/attempt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
}
if(data31.reason !== undefined){
if(typeof data31.reason !== "string"){
const err90 = {instancePath:instancePath+"/failures/" + i0+"/reason",schemaPath:"#/properties/failures/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data31.message !== undefined){
if(typeof data31.message !== "string"){
const err91 = {instancePath:instancePath+"/failures/" + i0+"/message",schemaPath:"#/properties/failures/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
if(data31.work_dir !== undefined){
let data35 = data31.work_dir;
if((typeof data35 !== "string") && (data35 !== null)){
const err92 = {instancePath:instancePath+"/failures/" + i0+"/work_dir",schemaPath:"#/properties/failures/items/properties/work_dir/type",keyword:"type",params:{type: schema11.properties.failures.items.properties.work_dir.type},message:"must be string,null"};
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
else {
const err93 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
}
else {
const err94 = {instancePath:instancePath+"/failures",schemaPath:"#/properties/failures/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data.tokens !== undefined){
let data36 = data.tokens;
const _errs82 = errors;
let valid10 = false;
let passing1 = null;
const _errs83 = errors;
if(data36 !== null){
const err95 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
var _valid1 = _errs83 === errors;
if(_valid1){
valid10 = true;
passing1 = 0;
}
const _errs85 = errors;
if(data36 && typeof data36 == "object" && !Array.isArray(data36)){
if(data36.input === undefined){
const err96 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/required",keyword:"required",params:{missingProperty: "input"},message:"must have required property '"+"input"+"'"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
if(data36.output === undefined){
const err97 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/required",keyword:"required",params:{missingProperty: "output"},message:"must have required property '"+"output"+"'"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
for(const key5 in data36){
if(!(((((key5 === "input") || (key5 === "output")) || (key5 === "cache_read")) || (key5 === "cache_write")) || (key5 === "reasoning"))){
const err98 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data36.input !== undefined){
let data37 = data36.input;
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 < 0 || isNaN(data37)){
const err99 = {instancePath:instancePath+"/tokens/input",schemaPath:"#/properties/tokens/oneOf/1/properties/input/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
else {
const err100 = {instancePath:instancePath+"/tokens/input",schemaPath:"#/properties/tokens/oneOf/1/properties/input/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data36.output !== undefined){
let data38 = data36.output;
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 < 0 || isNaN(data38)){
const err101 = {instancePath:instancePath+"/tokens/output",schemaPath:"#/properties/tokens/oneOf/1/properties/output/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
else {
const err102 = {instancePath:instancePath+"/tokens/output",schemaPath:"#/properties/tokens/oneOf/1/properties/output/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
if(data36.cache_read !== undefined){
let data39 = data36.cache_read;
if((typeof data39 == "number") && (isFinite(data39))){
if(data39 < 0 || isNaN(data39)){
const err103 = {instancePath:instancePath+"/tokens/cache_read",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_read/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
else {
const err104 = {instancePath:instancePath+"/tokens/cache_read",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_read/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data36.cache_write !== undefined){
let data40 = data36.cache_write;
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 0 || isNaN(data40)){
const err105 = {instancePath:instancePath+"/tokens/cache_write",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_write/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err106 = {instancePath:instancePath+"/tokens/cache_write",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_write/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data36.reasoning !== undefined){
let data41 = data36.reasoning;
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 < 0 || isNaN(data41)){
const err107 = {instancePath:instancePath+"/tokens/reasoning",schemaPath:"#/properties/tokens/oneOf/1/properties/reasoning/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
else {
const err108 = {instancePath:instancePath+"/tokens/reasoning",schemaPath:"#/properties/tokens/oneOf/1/properties/reasoning/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
}
else {
const err109 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
var _valid1 = _errs85 === errors;
if(_valid1 && valid10){
valid10 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid10 = true;
passing1 = 1;
}
}
if(!valid10){
const err110 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
else {
errors = _errs82;
if(vErrors !== null){
if(_errs82){
vErrors.length = _errs82;
}
else {
vErrors = null;
}
}
}
}
if(data.cost_usd !== undefined){
let data42 = data.cost_usd;
if((!((typeof data42 == "number") && (isFinite(data42)))) && (data42 !== null)){
const err111 = {instancePath:instancePath+"/cost_usd",schemaPath:"#/properties/cost_usd/type",keyword:"type",params:{type: schema11.properties.cost_usd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
if((typeof data42 == "number") && (isFinite(data42))){
if(data42 < 0 || isNaN(data42)){
const err112 = {instancePath:instancePath+"/cost_usd",schemaPath:"#/properties/cost_usd/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
}
if(data.skill_roster !== undefined){
let data43 = data.skill_roster;
if((!(Array.isArray(data43))) && (data43 !== null)){
const err113 = {instancePath:instancePath+"/skill_roster",schemaPath:"#/properties/skill_roster/type",keyword:"type",params:{type: schema11.properties.skill_roster.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
if(Array.isArray(data43)){
const len1 = data43.length;
for(let i1=0; i1<len1; i1++){
if(typeof data43[i1] !== "string"){
const err114 = {instancePath:instancePath+"/skill_roster/" + i1,schemaPath:"#/properties/skill_roster/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
}
if(data.isolation !== undefined){
let data45 = data.isolation;
if(data45 && typeof data45 == "object" && !Array.isArray(data45)){
if(data45.valid === undefined){
const err115 = {instancePath:instancePath+"/isolation",schemaPath:"#/properties/isolation/required",keyword:"required",params:{missingProperty: "valid"},message:"must have required property '"+"valid"+"'"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
if(data45.problems === undefined){
const err116 = {instancePath:instancePath+"/isolation",schemaPath:"#/properties/isolation/required",keyword:"required",params:{missingProperty: "problems"},message:"must have required property '"+"problems"+"'"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
for(const key6 in data45){
if(!((key6 === "valid") || (key6 === "problems"))){
const err117 = {instancePath:instancePath+"/isolation",schemaPath:"#/properties/isolation/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
if(data45.valid !== undefined){
if(typeof data45.valid !== "boolean"){
const err118 = {instancePath:instancePath+"/isolation/valid",schemaPath:"#/properties/isolation/properties/valid/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
if(data45.problems !== undefined){
let data47 = data45.problems;
if(Array.isArray(data47)){
const len2 = data47.length;
for(let i2=0; i2<len2; i2++){
let data48 = data47[i2];
if(data48 && typeof data48 == "object" && !Array.isArray(data48)){
if(data48.code === undefined){
const err119 = {instancePath:instancePath+"/isolation/problems/" + i2,schemaPath:"#/properties/isolation/properties/problems/items/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if(data48.message === undefined){
const err120 = {instancePath:instancePath+"/isolation/problems/" + i2,schemaPath:"#/properties/isolation/properties/problems/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
for(const key7 in data48){
if(!((key7 === "code") || (key7 === "message"))){
const err121 = {instancePath:instancePath+"/isolation/problems/" + i2,schemaPath:"#/properties/isolation/properties/problems/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
if(data48.code !== undefined){
let data49 = data48.code;
if(!((((data49 === "control-saw-skill") || (data49 === "skill-not-in-roster")) || (data49 === "skill-reachable")) || (data49 === "instruction-file-changed"))){
const err122 = {instancePath:instancePath+"/isolation/problems/" + i2+"/code",schemaPath:"#/properties/isolation/properties/problems/items/properties/code/enum",keyword:"enum",params:{allowedValues: schema11.properties.isolation.properties.problems.items.properties.code.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
if(data48.message !== undefined){
if(typeof data48.message !== "string"){
const err123 = {instancePath:instancePath+"/isolation/problems/" + i2+"/message",schemaPath:"#/properties/isolation/properties/problems/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
}
else {
const err124 = {instancePath:instancePath+"/isolation/problems/" + i2,schemaPath:"#/properties/isolation/properties/problems/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
}
else {
const err125 = {instancePath:instancePath+"/isolation/problems",schemaPath:"#/properties/isolation/properties/problems/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
}
else {
const err126 = {instancePath:instancePath+"/isolation",schemaPath:"#/properties/isolation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data.harness_paths !== undefined){
let data51 = data.harness_paths;
if(Array.isArray(data51)){
const len3 = data51.length;
for(let i3=0; i3<len3; i3++){
if(typeof data51[i3] !== "string"){
const err127 = {instancePath:instancePath+"/harness_paths/" + i3,schemaPath:"#/properties/harness_paths/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
}
else {
const err128 = {instancePath:instancePath+"/harness_paths",schemaPath:"#/properties/harness_paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
if(data.work_dir !== undefined){
let data53 = data.work_dir;
if((typeof data53 !== "string") && (data53 !== null)){
const err129 = {instancePath:instancePath+"/work_dir",schemaPath:"#/properties/work_dir/type",keyword:"type",params:{type: schema11.properties.work_dir.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
if(data.task_dir !== undefined){
if("task" !== data.task_dir){
const err130 = {instancePath:instancePath+"/task_dir",schemaPath:"#/properties/task_dir/const",keyword:"const",params:{allowedValue: "task"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
if(data.staged_dir !== undefined){
if("staged" !== data.staged_dir){
const err131 = {instancePath:instancePath+"/staged_dir",schemaPath:"#/properties/staged_dir/const",keyword:"const",params:{allowedValue: "staged"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
if(data.empty_dirs !== undefined){
let data56 = data.empty_dirs;
if(Array.isArray(data56)){
const len4 = data56.length;
for(let i4=0; i4<len4; i4++){
let data57 = data56[i4];
if(!((data57 === "task") || (data57 === "staged"))){
const err132 = {instancePath:instancePath+"/empty_dirs/" + i4,schemaPath:"#/properties/empty_dirs/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.empty_dirs.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
let i5 = data56.length;
let j0;
if(i5 > 1){
outer0:
for(;i5--;){
for(j0 = i5; j0--;){
if(func0(data56[i5], data56[j0])){
const err133 = {instancePath:instancePath+"/empty_dirs",schemaPath:"#/properties/empty_dirs/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i5+" are identical)"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err134 = {instancePath:instancePath+"/empty_dirs",schemaPath:"#/properties/empty_dirs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
if(data.conversation_sha256 !== undefined){
let data58 = data.conversation_sha256;
if(typeof data58 === "string"){
if(!pattern1.test(data58)){
const err135 = {instancePath:instancePath+"/conversation_sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
}
else {
const err136 = {instancePath:instancePath+"/conversation_sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
}
}
else {
const err137 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

