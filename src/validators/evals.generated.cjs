// GENERATED from schemas/evals.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/evals.schema.json","title":"eval-magic evals.json","description":"The eval definitions of one skill (conventionally <skill>/evals/evals.json): what each eval asks the agent, its scripted follow-ups and how it is graded.","type":"object","required":["skill_name","evals"],"additionalProperties":false,"properties":{"skill_name":{"type":"string","description":"The skill under evaluation; by convention its folder name."},"evals":{"type":"array","minItems":1,"items":{"$ref":"#/definitions/eval"}}},"definitions":{"eval":{"type":"object","required":["id","prompt","expected_output"],"additionalProperties":false,"properties":{"id":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]*$","description":"Kebab-case id, unique in the file; workspace folders are named eval-<id>."},"prompt":{"type":"string","minLength":1,"description":"The opening user message, delivered verbatim as round 1."},"expected_output":{"type":"string","minLength":1,"description":"What a good outcome looks like, in words, for people and judges."},"turns":{"type":"array","minItems":1,"items":{"$ref":"#/definitions/scriptedTurn"},"description":"Scripted follow-ups in order, each gated; omit the property for a single-round eval."},"files":{"type":"array","items":{"type":"string"},"description":"Fixture files copied into the task before the agent starts, as paths relative to the task."},"files_root":{"type":"string","minLength":1,"description":"Folder (relative to the skill's evals/ folder) that the sources of `files` are read from."},"runs":{"type":"integer","minimum":1,"description":"Runs per condition for this eval."},"isolation":{"type":"string","enum":["shared","isolated"],"default":"shared"},"skill_should_trigger":{"type":"boolean","default":true,"description":"false for a negative eval, where the right behaviour is not to use the skill."},"assertions":{"type":"array","items":{"$ref":"#/definitions/assertion"}}}},"scriptedTurn":{"type":"object","required":["prompt","deliver_when"],"additionalProperties":false,"properties":{"prompt":{"type":"string","minLength":1,"description":"The follow-up user message, delivered verbatim."},"deliver_when":{"type":"string","enum":["always","agent_asks"],"description":"always: deliver unconditionally; agent_asks: only if the agent's preceding text contains an ASCII '?'."},"agent_response_matches":{"type":"string","minLength":1,"description":"agent_asks only: a Rust-dialect regex that must also be found (unanchored) in the agent's preceding text."}},"if":{"properties":{"deliver_when":{"const":"always"}},"required":["deliver_when"]},"then":{"not":{"required":["agent_response_matches"]}}},"assertion":{"oneOf":[{"$ref":"#/definitions/transcriptCheck"},{"$ref":"#/definitions/llmJudge"},{"$ref":"#/definitions/commandCheck"},{"$ref":"#/definitions/diffScope"}]},"transcriptCheck":{"type":"object","required":["id","type","check"],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"transcript_check"},"check":{"type":"string","enum":["tool_invocation_matches","assistant_message_matches"],"description":"What the pattern is searched in: each rendered tool invocation, or each assistant message of a scripted conversation."},"pattern":{"type":"string","description":"A Rust-dialect regex."},"must_precede":{"type":"string","enum":["completion_claim","first_write","any"]}}},"llmJudge":{"type":"object","required":["id","type","rubric"],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"llm_judge"},"rubric":{"type":"string","minLength":1,"description":"A question a judge model can answer with PASS or FAIL and evidence."},"model":{"type":"string","minLength":1,"description":"The judge's model for this assertion (wins over judge --model)."}}},"commandCheck":{"type":"object","required":["id","type","command"],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"command_check"},"command":{"type":"string","minLength":1},"setup_files":{"type":"array","items":{"type":"string","minLength":1}},"env":{"type":"object","minProperties":1,"propertyNames":{"minLength":1},"additionalProperties":{"type":"string"}},"matrix":{"type":"object","minProperties":1,"propertyNames":{"minLength":1},"additionalProperties":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"string"}}},"expect_exit_code":{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":0},"expect_stdout":{"type":"string"}}},"diffScope":{"type":"object","required":["id","type"],"anyOf":[{"required":["max_files_touched"]},{"required":["max_lines_changed"]}],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"diff_scope"},"max_files_touched":{"type":"integer","minimum":0},"max_lines_changed":{"type":"integer","minimum":0}}}}};
const schema12 = {"type":"object","required":["id","prompt","expected_output"],"additionalProperties":false,"properties":{"id":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]*$","description":"Kebab-case id, unique in the file; workspace folders are named eval-<id>."},"prompt":{"type":"string","minLength":1,"description":"The opening user message, delivered verbatim as round 1."},"expected_output":{"type":"string","minLength":1,"description":"What a good outcome looks like, in words, for people and judges."},"turns":{"type":"array","minItems":1,"items":{"$ref":"#/definitions/scriptedTurn"},"description":"Scripted follow-ups in order, each gated; omit the property for a single-round eval."},"files":{"type":"array","items":{"type":"string"},"description":"Fixture files copied into the task before the agent starts, as paths relative to the task."},"files_root":{"type":"string","minLength":1,"description":"Folder (relative to the skill's evals/ folder) that the sources of `files` are read from."},"runs":{"type":"integer","minimum":1,"description":"Runs per condition for this eval."},"isolation":{"type":"string","enum":["shared","isolated"],"default":"shared"},"skill_should_trigger":{"type":"boolean","default":true,"description":"false for a negative eval, where the right behaviour is not to use the skill."},"assertions":{"type":"array","items":{"$ref":"#/definitions/assertion"}}}};
const schema13 = {"type":"object","required":["prompt","deliver_when"],"additionalProperties":false,"properties":{"prompt":{"type":"string","minLength":1,"description":"The follow-up user message, delivered verbatim."},"deliver_when":{"type":"string","enum":["always","agent_asks"],"description":"always: deliver unconditionally; agent_asks: only if the agent's preceding text contains an ASCII '?'."},"agent_response_matches":{"type":"string","minLength":1,"description":"agent_asks only: a Rust-dialect regex that must also be found (unanchored) in the agent's preceding text."}},"if":{"properties":{"deliver_when":{"const":"always"}},"required":["deliver_when"]},"then":{"not":{"required":["agent_response_matches"]}}};
const func2 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const pattern0 = new RegExp("^[a-z0-9][a-z0-9-]*$", "u");
const schema14 = {"oneOf":[{"$ref":"#/definitions/transcriptCheck"},{"$ref":"#/definitions/llmJudge"},{"$ref":"#/definitions/commandCheck"},{"$ref":"#/definitions/diffScope"}]};
const schema15 = {"type":"object","required":["id","type","check"],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"transcript_check"},"check":{"type":"string","enum":["tool_invocation_matches","assistant_message_matches"],"description":"What the pattern is searched in: each rendered tool invocation, or each assistant message of a scripted conversation."},"pattern":{"type":"string","description":"A Rust-dialect regex."},"must_precede":{"type":"string","enum":["completion_claim","first_write","any"]}}};
const schema16 = {"type":"object","required":["id","type","rubric"],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"llm_judge"},"rubric":{"type":"string","minLength":1,"description":"A question a judge model can answer with PASS or FAIL and evidence."},"model":{"type":"string","minLength":1,"description":"The judge's model for this assertion (wins over judge --model)."}}};
const schema17 = {"type":"object","required":["id","type","command"],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"command_check"},"command":{"type":"string","minLength":1},"setup_files":{"type":"array","items":{"type":"string","minLength":1}},"env":{"type":"object","minProperties":1,"propertyNames":{"minLength":1},"additionalProperties":{"type":"string"}},"matrix":{"type":"object","minProperties":1,"propertyNames":{"minLength":1},"additionalProperties":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"string"}}},"expect_exit_code":{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":0},"expect_stdout":{"type":"string"}}};
const schema18 = {"type":"object","required":["id","type"],"anyOf":[{"required":["max_files_touched"]},{"required":["max_lines_changed"]}],"additionalProperties":false,"properties":{"id":{"type":"string"},"type":{"const":"diff_scope"},"max_files_touched":{"type":"integer","minimum":0},"max_lines_changed":{"type":"integer","minimum":0}}};

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/definitions/transcriptCheck/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.type === undefined){
const err1 = {instancePath,schemaPath:"#/definitions/transcriptCheck/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.check === undefined){
const err2 = {instancePath,schemaPath:"#/definitions/transcriptCheck/required",keyword:"required",params:{missingProperty: "check"},message:"must have required property '"+"check"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "id") || (key0 === "type")) || (key0 === "check")) || (key0 === "pattern")) || (key0 === "must_precede"))){
const err3 = {instancePath,schemaPath:"#/definitions/transcriptCheck/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/definitions/transcriptCheck/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.type !== undefined){
if("transcript_check" !== data.type){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/definitions/transcriptCheck/properties/type/const",keyword:"const",params:{allowedValue: "transcript_check"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.check !== undefined){
let data2 = data.check;
if(typeof data2 !== "string"){
const err6 = {instancePath:instancePath+"/check",schemaPath:"#/definitions/transcriptCheck/properties/check/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!((data2 === "tool_invocation_matches") || (data2 === "assistant_message_matches"))){
const err7 = {instancePath:instancePath+"/check",schemaPath:"#/definitions/transcriptCheck/properties/check/enum",keyword:"enum",params:{allowedValues: schema15.properties.check.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.pattern !== undefined){
if(typeof data.pattern !== "string"){
const err8 = {instancePath:instancePath+"/pattern",schemaPath:"#/definitions/transcriptCheck/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.must_precede !== undefined){
let data4 = data.must_precede;
if(typeof data4 !== "string"){
const err9 = {instancePath:instancePath+"/must_precede",schemaPath:"#/definitions/transcriptCheck/properties/must_precede/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(((data4 === "completion_claim") || (data4 === "first_write")) || (data4 === "any"))){
const err10 = {instancePath:instancePath+"/must_precede",schemaPath:"#/definitions/transcriptCheck/properties/must_precede/enum",keyword:"enum",params:{allowedValues: schema15.properties.must_precede.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/definitions/transcriptCheck/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs14 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err12 = {instancePath,schemaPath:"#/definitions/llmJudge/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.type === undefined){
const err13 = {instancePath,schemaPath:"#/definitions/llmJudge/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.rubric === undefined){
const err14 = {instancePath,schemaPath:"#/definitions/llmJudge/required",keyword:"required",params:{missingProperty: "rubric"},message:"must have required property '"+"rubric"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key1 in data){
if(!((((key1 === "id") || (key1 === "type")) || (key1 === "rubric")) || (key1 === "model"))){
const err15 = {instancePath,schemaPath:"#/definitions/llmJudge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err16 = {instancePath:instancePath+"/id",schemaPath:"#/definitions/llmJudge/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.type !== undefined){
if("llm_judge" !== data.type){
const err17 = {instancePath:instancePath+"/type",schemaPath:"#/definitions/llmJudge/properties/type/const",keyword:"const",params:{allowedValue: "llm_judge"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.rubric !== undefined){
let data7 = data.rubric;
if(typeof data7 === "string"){
if(func3(data7) < 1){
const err18 = {instancePath:instancePath+"/rubric",schemaPath:"#/definitions/llmJudge/properties/rubric/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/rubric",schemaPath:"#/definitions/llmJudge/properties/rubric/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.model !== undefined){
let data8 = data.model;
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err20 = {instancePath:instancePath+"/model",schemaPath:"#/definitions/llmJudge/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/model",schemaPath:"#/definitions/llmJudge/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath,schemaPath:"#/definitions/llmJudge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid0 = _errs14 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
}
const _errs25 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err23 = {instancePath,schemaPath:"#/definitions/commandCheck/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data.type === undefined){
const err24 = {instancePath,schemaPath:"#/definitions/commandCheck/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data.command === undefined){
const err25 = {instancePath,schemaPath:"#/definitions/commandCheck/required",keyword:"required",params:{missingProperty: "command"},message:"must have required property '"+"command"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
for(const key2 in data){
if(!((((((((key2 === "id") || (key2 === "type")) || (key2 === "command")) || (key2 === "setup_files")) || (key2 === "env")) || (key2 === "matrix")) || (key2 === "expect_exit_code")) || (key2 === "expect_stdout"))){
const err26 = {instancePath,schemaPath:"#/definitions/commandCheck/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err27 = {instancePath:instancePath+"/id",schemaPath:"#/definitions/commandCheck/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.type !== undefined){
if("command_check" !== data.type){
const err28 = {instancePath:instancePath+"/type",schemaPath:"#/definitions/commandCheck/properties/type/const",keyword:"const",params:{allowedValue: "command_check"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.command !== undefined){
let data11 = data.command;
if(typeof data11 === "string"){
if(func3(data11) < 1){
const err29 = {instancePath:instancePath+"/command",schemaPath:"#/definitions/commandCheck/properties/command/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err30 = {instancePath:instancePath+"/command",schemaPath:"#/definitions/commandCheck/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.setup_files !== undefined){
let data12 = data.setup_files;
if(Array.isArray(data12)){
const len0 = data12.length;
for(let i0=0; i0<len0; i0++){
let data13 = data12[i0];
if(typeof data13 === "string"){
if(func3(data13) < 1){
const err31 = {instancePath:instancePath+"/setup_files/" + i0,schemaPath:"#/definitions/commandCheck/properties/setup_files/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/setup_files/" + i0,schemaPath:"#/definitions/commandCheck/properties/setup_files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/setup_files",schemaPath:"#/definitions/commandCheck/properties/setup_files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.env !== undefined){
let data14 = data.env;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(Object.keys(data14).length < 1){
const err34 = {instancePath:instancePath+"/env",schemaPath:"#/definitions/commandCheck/properties/env/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
for(const key3 in data14){
const _errs40 = errors;
if(typeof key3 === "string"){
if(func3(key3) < 1){
const err35 = {instancePath:instancePath+"/env",schemaPath:"#/definitions/commandCheck/properties/env/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key3};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
var valid9 = _errs40 === errors;
if(!valid9){
const err36 = {instancePath:instancePath+"/env",schemaPath:"#/definitions/commandCheck/properties/env/propertyNames",keyword:"propertyNames",params:{propertyName: key3},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
for(const key4 in data14){
if(typeof data14[key4] !== "string"){
const err37 = {instancePath:instancePath+"/env/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/commandCheck/properties/env/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/env",schemaPath:"#/definitions/commandCheck/properties/env/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.matrix !== undefined){
let data16 = data.matrix;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(Object.keys(data16).length < 1){
const err39 = {instancePath:instancePath+"/matrix",schemaPath:"#/definitions/commandCheck/properties/matrix/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
for(const key5 in data16){
const _errs46 = errors;
if(typeof key5 === "string"){
if(func3(key5) < 1){
const err40 = {instancePath:instancePath+"/matrix",schemaPath:"#/definitions/commandCheck/properties/matrix/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key5};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
var valid11 = _errs46 === errors;
if(!valid11){
const err41 = {instancePath:instancePath+"/matrix",schemaPath:"#/definitions/commandCheck/properties/matrix/propertyNames",keyword:"propertyNames",params:{propertyName: key5},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
for(const key6 in data16){
let data17 = data16[key6];
if(Array.isArray(data17)){
if(data17.length < 1){
const err42 = {instancePath:instancePath+"/matrix/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/commandCheck/properties/matrix/additionalProperties/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
const len1 = data17.length;
for(let i1=0; i1<len1; i1++){
if(typeof data17[i1] !== "string"){
const err43 = {instancePath:instancePath+"/matrix/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i1,schemaPath:"#/definitions/commandCheck/properties/matrix/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
let i2 = data17.length;
let j0;
if(i2 > 1){
const indices0 = {};
for(;i2--;){
let item0 = data17[i2];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err44 = {instancePath:instancePath+"/matrix/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/commandCheck/properties/matrix/additionalProperties/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
break;
}
indices0[item0] = i2;
}
}
}
else {
const err45 = {instancePath:instancePath+"/matrix/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/commandCheck/properties/matrix/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/matrix",schemaPath:"#/definitions/commandCheck/properties/matrix/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.expect_exit_code !== undefined){
let data19 = data.expect_exit_code;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err47 = {instancePath:instancePath+"/expect_exit_code",schemaPath:"#/definitions/commandCheck/properties/expect_exit_code/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 > 2147483647 || isNaN(data19)){
const err48 = {instancePath:instancePath+"/expect_exit_code",schemaPath:"#/definitions/commandCheck/properties/expect_exit_code/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(data19 < -2147483648 || isNaN(data19)){
const err49 = {instancePath:instancePath+"/expect_exit_code",schemaPath:"#/definitions/commandCheck/properties/expect_exit_code/minimum",keyword:"minimum",params:{comparison: ">=", limit: -2147483648},message:"must be >= -2147483648"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
if(data.expect_stdout !== undefined){
if(typeof data.expect_stdout !== "string"){
const err50 = {instancePath:instancePath+"/expect_stdout",schemaPath:"#/definitions/commandCheck/properties/expect_stdout/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath,schemaPath:"#/definitions/commandCheck/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var _valid0 = _errs25 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid0 = true;
passing0 = 2;
}
const _errs56 = errors;
const _errs59 = errors;
let valid17 = false;
const _errs60 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.max_files_touched === undefined){
const err52 = {instancePath,schemaPath:"#/definitions/diffScope/anyOf/0/required",keyword:"required",params:{missingProperty: "max_files_touched"},message:"must have required property '"+"max_files_touched"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
var _valid1 = _errs60 === errors;
valid17 = valid17 || _valid1;
if(!valid17){
const _errs61 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.max_lines_changed === undefined){
const err53 = {instancePath,schemaPath:"#/definitions/diffScope/anyOf/1/required",keyword:"required",params:{missingProperty: "max_lines_changed"},message:"must have required property '"+"max_lines_changed"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
var _valid1 = _errs61 === errors;
valid17 = valid17 || _valid1;
}
if(!valid17){
const err54 = {instancePath,schemaPath:"#/definitions/diffScope/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
else {
errors = _errs59;
if(vErrors !== null){
if(_errs59){
vErrors.length = _errs59;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err55 = {instancePath,schemaPath:"#/definitions/diffScope/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data.type === undefined){
const err56 = {instancePath,schemaPath:"#/definitions/diffScope/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
for(const key7 in data){
if(!((((key7 === "id") || (key7 === "type")) || (key7 === "max_files_touched")) || (key7 === "max_lines_changed"))){
const err57 = {instancePath,schemaPath:"#/definitions/diffScope/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err58 = {instancePath:instancePath+"/id",schemaPath:"#/definitions/diffScope/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.type !== undefined){
if("diff_scope" !== data.type){
const err59 = {instancePath:instancePath+"/type",schemaPath:"#/definitions/diffScope/properties/type/const",keyword:"const",params:{allowedValue: "diff_scope"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.max_files_touched !== undefined){
let data23 = data.max_files_touched;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err60 = {instancePath:instancePath+"/max_files_touched",schemaPath:"#/definitions/diffScope/properties/max_files_touched/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err61 = {instancePath:instancePath+"/max_files_touched",schemaPath:"#/definitions/diffScope/properties/max_files_touched/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
if(data.max_lines_changed !== undefined){
let data24 = data.max_lines_changed;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err62 = {instancePath:instancePath+"/max_lines_changed",schemaPath:"#/definitions/diffScope/properties/max_lines_changed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
const err63 = {instancePath:instancePath+"/max_lines_changed",schemaPath:"#/definitions/diffScope/properties/max_lines_changed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
}
else {
const err64 = {instancePath,schemaPath:"#/definitions/diffScope/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
var _valid0 = _errs56 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 3];
}
else {
if(_valid0){
valid0 = true;
passing0 = 3;
}
}
}
}
if(!valid0){
const err65 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate12.errors = vErrors;
return errors === 0;
}


function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.prompt === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.expected_output === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expected_output"},message:"must have required property '"+"expected_output"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema12.properties, key0))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern0.test(data0)){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.prompt !== undefined){
let data1 = data.prompt;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err6 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.expected_output !== undefined){
let data2 = data.expected_output;
if(typeof data2 === "string"){
if(func3(data2) < 1){
const err8 = {instancePath:instancePath+"/expected_output",schemaPath:"#/properties/expected_output/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/expected_output",schemaPath:"#/properties/expected_output/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.turns !== undefined){
let data3 = data.turns;
if(Array.isArray(data3)){
if(data3.length < 1){
const err10 = {instancePath:instancePath+"/turns",schemaPath:"#/properties/turns/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
const _errs13 = errors;
let valid4 = true;
const _errs14 = errors;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing0;
if((data4.deliver_when === undefined) && (missing0 = "deliver_when")){
const err11 = {};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
if(data4.deliver_when !== undefined){
if("always" !== data4.deliver_when){
const err12 = {};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
}
var _valid0 = _errs14 === errors;
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs16 = errors;
const _errs17 = errors;
const _errs18 = errors;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing1;
if((data4.agent_response_matches === undefined) && (missing1 = "agent_response_matches")){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var valid6 = _errs18 === errors;
if(valid6){
const err14 = {instancePath:instancePath+"/turns/" + i0,schemaPath:"#/definitions/scriptedTurn/then/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
var _valid0 = _errs16 === errors;
valid4 = _valid0;
}
if(!valid4){
const err15 = {instancePath:instancePath+"/turns/" + i0,schemaPath:"#/definitions/scriptedTurn/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.prompt === undefined){
const err16 = {instancePath:instancePath+"/turns/" + i0,schemaPath:"#/definitions/scriptedTurn/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data4.deliver_when === undefined){
const err17 = {instancePath:instancePath+"/turns/" + i0,schemaPath:"#/definitions/scriptedTurn/required",keyword:"required",params:{missingProperty: "deliver_when"},message:"must have required property '"+"deliver_when"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
for(const key1 in data4){
if(!(((key1 === "prompt") || (key1 === "deliver_when")) || (key1 === "agent_response_matches"))){
const err18 = {instancePath:instancePath+"/turns/" + i0,schemaPath:"#/definitions/scriptedTurn/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data4.prompt !== undefined){
let data6 = data4.prompt;
if(typeof data6 === "string"){
if(func3(data6) < 1){
const err19 = {instancePath:instancePath+"/turns/" + i0+"/prompt",schemaPath:"#/definitions/scriptedTurn/properties/prompt/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/turns/" + i0+"/prompt",schemaPath:"#/definitions/scriptedTurn/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data4.deliver_when !== undefined){
let data7 = data4.deliver_when;
if(typeof data7 !== "string"){
const err21 = {instancePath:instancePath+"/turns/" + i0+"/deliver_when",schemaPath:"#/definitions/scriptedTurn/properties/deliver_when/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!((data7 === "always") || (data7 === "agent_asks"))){
const err22 = {instancePath:instancePath+"/turns/" + i0+"/deliver_when",schemaPath:"#/definitions/scriptedTurn/properties/deliver_when/enum",keyword:"enum",params:{allowedValues: schema13.properties.deliver_when.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data4.agent_response_matches !== undefined){
let data8 = data4.agent_response_matches;
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err23 = {instancePath:instancePath+"/turns/" + i0+"/agent_response_matches",schemaPath:"#/definitions/scriptedTurn/properties/agent_response_matches/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err24 = {instancePath:instancePath+"/turns/" + i0+"/agent_response_matches",schemaPath:"#/definitions/scriptedTurn/properties/agent_response_matches/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/turns/" + i0,schemaPath:"#/definitions/scriptedTurn/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err26 = {instancePath:instancePath+"/turns",schemaPath:"#/properties/turns/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.files !== undefined){
let data9 = data.files;
if(Array.isArray(data9)){
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
if(typeof data9[i1] !== "string"){
const err27 = {instancePath:instancePath+"/files/" + i1,schemaPath:"#/properties/files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.files_root !== undefined){
let data11 = data.files_root;
if(typeof data11 === "string"){
if(func3(data11) < 1){
const err29 = {instancePath:instancePath+"/files_root",schemaPath:"#/properties/files_root/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err30 = {instancePath:instancePath+"/files_root",schemaPath:"#/properties/files_root/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.runs !== undefined){
let data12 = data.runs;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err31 = {instancePath:instancePath+"/runs",schemaPath:"#/properties/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 1 || isNaN(data12)){
const err32 = {instancePath:instancePath+"/runs",schemaPath:"#/properties/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
if(data.isolation !== undefined){
let data13 = data.isolation;
if(typeof data13 !== "string"){
const err33 = {instancePath:instancePath+"/isolation",schemaPath:"#/properties/isolation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(!((data13 === "shared") || (data13 === "isolated"))){
const err34 = {instancePath:instancePath+"/isolation",schemaPath:"#/properties/isolation/enum",keyword:"enum",params:{allowedValues: schema12.properties.isolation.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.skill_should_trigger !== undefined){
if(typeof data.skill_should_trigger !== "boolean"){
const err35 = {instancePath:instancePath+"/skill_should_trigger",schemaPath:"#/properties/skill_should_trigger/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.assertions !== undefined){
let data15 = data.assertions;
if(Array.isArray(data15)){
const len2 = data15.length;
for(let i2=0; i2<len2; i2++){
if(!(validate12(data15[i2], {instancePath:instancePath+"/assertions/" + i2,parentData:data15,parentDataProperty:i2,rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
}
else {
const err36 = {instancePath:instancePath+"/assertions",schemaPath:"#/properties/assertions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}


function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/evals.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.skill_name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "skill_name"},message:"must have required property '"+"skill_name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.evals === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "evals"},message:"must have required property '"+"evals"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "skill_name") || (key0 === "evals"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.skill_name !== undefined){
if(typeof data.skill_name !== "string"){
const err3 = {instancePath:instancePath+"/skill_name",schemaPath:"#/properties/skill_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.evals !== undefined){
let data1 = data.evals;
if(Array.isArray(data1)){
if(data1.length < 1){
const err4 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate11(data1[i0], {instancePath:instancePath+"/evals/" + i0,parentData:data1,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
}
else {
const err5 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

