// GENERATED from schemas/judgment.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/judgment.schema.json","title":"eval-magic judgment (judgment.json)","description":"What `eval-magic judge` records of one judgment: one repeat of one llm_judge assertion on one run, in <run folder>/judge/<assertion-id>/<repeat>/ beside packet.md (exactly what the judge was sent) and the judge session's event stream and stderr. A judgment without a verdict is ungraded with its reason, never a fail.","type":"object","required":["schema_version","eval_magic_version","eval_id","assertion_id","repeat","verdict","reason","message","harness","model","started_at","ended_at","duration_ms","tokens","packet_sha256","attempts","failures"],"additionalProperties":false,"properties":{"schema_version":{"const":1},"eval_magic_version":{"type":"string","minLength":1},"eval_id":{"type":"string","minLength":1},"condition":{"type":"string","minLength":1,"description":"The arm of the run judged, as its folder names it (with run: a judgment copied into another run's folder is no vote there, and judge makes that one again). Never sent to the judge. Absent in records older eval-magic wrote."},"run":{"type":"integer","minimum":1,"description":"The number of the run judged (run-<j>). Absent in records older eval-magic wrote."},"assertion_id":{"type":"string","minLength":1},"repeat":{"type":"integer","minimum":1,"description":"Which of the k judgments of this assertion on this run (1-based), as in the folder name."},"verdict":{"description":"The judge's verdict as it answered it; null when the judgment is ungraded (see reason).","oneOf":[{"type":"null"},{"type":"object","required":["passed","evidence","confidence"],"additionalProperties":false,"properties":{"passed":{"type":"boolean"},"evidence":{"type":"string","description":"A direct quote or a fact from the files; never empty when passed is true."},"confidence":{"type":"number","minimum":0,"maximum":1}}}]},"reason":{"description":"Why there is no verdict (after every attempt); null when there is one. judge-interrupted: the record written as a session starts, left standing when the command was killed during it.","oneOf":[{"type":"null"},{"enum":["malformed-verdict","no-evidence","judge-failed","judge-timed-out","judge-interrupted"]}]},"message":{"type":["string","null"],"description":"The reason's one-line explanation (what was wrong with the answer, or how the session ended)."},"harness":{"type":"object","required":["name","version"],"additionalProperties":false,"properties":{"name":{"type":"string"},"version":{"type":["string","null"],"description":"The first line `<executable> --version` printed; null when it could not be read, or when the command started no session (every judgment it made failed by a rule: the CLI was not run)."},"events_file":{"type":"string","pattern":"^(?!\\.{1,2}$)[A-Za-z0-9._-]+$","description":"The file of turn-1/ its event stream went to (the descriptor's events_file): the judge's answer, which the verdict, or a reason the judge answered with (malformed-verdict, no-evidence), must be. Absent in records older eval-magic wrote, and in one a rule decided."},"parser":{"enum":["claude-stream-json","codex-json","opencode-events"],"description":"The stream parser it is read with (the descriptor's parser); with events_file."}},"dependencies":{"events_file":["parser"],"parser":["events_file"]}},"model":{"type":["string","null"],"description":"The judge's model: the assertion's model, else --model; null for the harness's default."},"started_at":{"type":"string","format":"date-time"},"ended_at":{"type":"string","format":"date-time"},"duration_ms":{"type":"integer","minimum":0},"tokens":{"description":"Token counts of the last attempt's session, as its stream reports them; null when it reports none.","oneOf":[{"type":"null"},{"type":"object","required":["input","output"],"additionalProperties":false,"properties":{"input":{"type":"number","minimum":0},"output":{"type":"number","minimum":0},"cache_read":{"type":"number","minimum":0},"cache_write":{"type":"number","minimum":0},"reasoning":{"type":"number","minimum":0}}}]},"packet_sha256":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"sha256 of packet.md, what was sent: no part of whether the judgment stands (its inputs' digests decide that)."},"criteria_sha256":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"sha256 of what the judge judged by: the assertion's rubric and the eval's expected_output (JSON [rubric, expected_output or null]). compare counts no vote whose criteria are no longer the evals.json's. Absent in records older eval-magic wrote."},"conversation_sha256":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"sha256 of the run's conversation.json as the judge was given it (its text, UTF-8, without a byte-order mark). compare counts no vote on a conversation.json edited since. Absent in records older eval-magic wrote."},"prompts_sha256":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"sha256 of the task the packet told the judge the agent had: the eval's prompt and its turns as the packet shows them (JSON [prompt, [[turn prompt, deliver_when or null], …]]). compare counts no vote whose prompt or turns are no longer the evals.json's. Absent in records older eval-magic wrote, and in one a rule decided."},"diff_sha256":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"sha256 of the run's changes as the packet showed them: the run's diff.patch, else the diff computed from its task folders (JSON [text], or [null] when there was none). compare counts no vote on a diff.patch edited since, or added or removed where it is not the diff computed from the task folders. Absent in records older eval-magic wrote, and in one a rule decided."},"attempts":{"type":"integer","minimum":0,"description":"Judge sessions this judgment took (--retries), counting those of earlier judge commands whose sessions never answered it (made of the same inputs, by the same judge); 0 when a rule decided it (see rule)."},"failures":{"type":"array","description":"The attempts before the last that gave no verdict, oldest first, across judge commands as attempts counts them; each one's files are kept in attempt-<attempt>/ of the judgment's folder.","items":{"type":"object","required":["attempt","reason","message"],"additionalProperties":false,"properties":{"attempt":{"type":"integer","minimum":1},"reason":{"enum":["malformed-verdict","no-evidence","judge-failed","judge-timed-out","judge-interrupted"]},"message":{"type":"string"}}}},"rule":{"enum":["broken-task-folder"],"description":"The rule of eval-magic that decided this judgment without a judge session (attempts 0, tokens null; the verdict a fail with confidence 1, its evidence saying why). broken-task-folder: the task folder the run's run.json names, which the judge is given a copy of, is a symbolic link, gone or not a folder, so the assertion fails as compare fails a command_check (an agent must not turn a failing run into an ungraded one). Such a judgment stands only while its rule holds: compare counts no vote of it once the folder is a real folder again, and judge makes it again. Absent when a judge session decided it."}},"allOf":[{"description":"A verdict, or a reason there is none: never both, never neither (judge and compare would read such a record apart).","if":{"properties":{"verdict":{"type":"null"}},"required":["verdict"]},"then":{"properties":{"reason":{"type":"string"}}},"else":{"properties":{"reason":{"type":"null"}}}},{"description":"A pass holds evidence (the verdict contract: a pass without it is ungraded, no-evidence).","if":{"properties":{"verdict":{"type":"object","properties":{"passed":{"const":true}},"required":["passed"]}},"required":["verdict"]},"then":{"properties":{"verdict":{"type":"object","properties":{"evidence":{"type":"string","pattern":"\\S"}}}}}}]};
const pattern0 = new RegExp("\\S", "u");
const pattern1 = new RegExp("^(?!\\.{1,2}$)[A-Za-z0-9._-]+$", "u");
const pattern2 = new RegExp("^[0-9a-f]{64}$", "u");
const func2 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const formats0 = require("ajv-formats/dist/formats").fullFormats["date-time"];

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/judgment.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.verdict === undefined) && (missing0 = "verdict")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.verdict !== undefined){
if(data.verdict !== null){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs6 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.reason !== undefined){
if(typeof data.reason !== "string"){
const err2 = {instancePath:instancePath+"/reason",schemaPath:"#/allOf/0/then/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
var _valid0 = _errs6 === errors;
valid1 = _valid0;
ifClause0 = "then";
}
else {
const _errs9 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.reason !== undefined){
if(data.reason !== null){
const err3 = {instancePath:instancePath+"/reason",schemaPath:"#/allOf/0/else/properties/reason/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
var _valid0 = _errs9 === errors;
valid1 = _valid0;
ifClause0 = "else";
}
if(!valid1){
const err4 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs13 = errors;
let valid5 = true;
const _errs14 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.verdict === undefined) && (missing1 = "verdict")){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data.verdict !== undefined){
let data3 = data.verdict;
const _errs15 = errors;
if(errors === _errs15){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
let missing2;
if((data3.passed === undefined) && (missing2 = "passed")){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
if(data3.passed !== undefined){
if(true !== data3.passed){
const err7 = {};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
}
else {
const err8 = {};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
}
}
var _valid1 = _errs14 === errors;
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs18 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.verdict !== undefined){
let data5 = data.verdict;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.evidence !== undefined){
let data6 = data5.evidence;
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err9 = {instancePath:instancePath+"/verdict/evidence",schemaPath:"#/allOf/1/then/properties/verdict/properties/evidence/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/verdict/evidence",schemaPath:"#/allOf/1/then/properties/verdict/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err11 = {instancePath:instancePath+"/verdict",schemaPath:"#/allOf/1/then/properties/verdict/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
var _valid1 = _errs18 === errors;
valid5 = _valid1;
}
if(!valid5){
const err12 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema_version === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema_version"},message:"must have required property '"+"schema_version"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.eval_magic_version === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "eval_magic_version"},message:"must have required property '"+"eval_magic_version"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.eval_id === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "eval_id"},message:"must have required property '"+"eval_id"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.assertion_id === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "assertion_id"},message:"must have required property '"+"assertion_id"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.repeat === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repeat"},message:"must have required property '"+"repeat"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.verdict === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data.reason === undefined){
const err19 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data.message === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.harness === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "harness"},message:"must have required property '"+"harness"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.model === undefined){
const err22 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.started_at === undefined){
const err23 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data.ended_at === undefined){
const err24 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ended_at"},message:"must have required property '"+"ended_at"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data.duration_ms === undefined){
const err25 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "duration_ms"},message:"must have required property '"+"duration_ms"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data.tokens === undefined){
const err26 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tokens"},message:"must have required property '"+"tokens"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data.packet_sha256 === undefined){
const err27 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "packet_sha256"},message:"must have required property '"+"packet_sha256"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data.attempts === undefined){
const err28 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempts"},message:"must have required property '"+"attempts"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data.failures === undefined){
const err29 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "failures"},message:"must have required property '"+"failures"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err30 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.schema_version !== undefined){
if(1 !== data.schema_version){
const err31 = {instancePath:instancePath+"/schema_version",schemaPath:"#/properties/schema_version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.eval_magic_version !== undefined){
let data8 = data.eval_magic_version;
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err32 = {instancePath:instancePath+"/eval_magic_version",schemaPath:"#/properties/eval_magic_version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/eval_magic_version",schemaPath:"#/properties/eval_magic_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.eval_id !== undefined){
let data9 = data.eval_id;
if(typeof data9 === "string"){
if(func3(data9) < 1){
const err34 = {instancePath:instancePath+"/eval_id",schemaPath:"#/properties/eval_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/eval_id",schemaPath:"#/properties/eval_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.condition !== undefined){
let data10 = data.condition;
if(typeof data10 === "string"){
if(func3(data10) < 1){
const err36 = {instancePath:instancePath+"/condition",schemaPath:"#/properties/condition/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/condition",schemaPath:"#/properties/condition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.run !== undefined){
let data11 = data.run;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err38 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 1 || isNaN(data11)){
const err39 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
if(data.assertion_id !== undefined){
let data12 = data.assertion_id;
if(typeof data12 === "string"){
if(func3(data12) < 1){
const err40 = {instancePath:instancePath+"/assertion_id",schemaPath:"#/properties/assertion_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err41 = {instancePath:instancePath+"/assertion_id",schemaPath:"#/properties/assertion_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.repeat !== undefined){
let data13 = data.repeat;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err42 = {instancePath:instancePath+"/repeat",schemaPath:"#/properties/repeat/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 1 || isNaN(data13)){
const err43 = {instancePath:instancePath+"/repeat",schemaPath:"#/properties/repeat/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.verdict !== undefined){
let data14 = data.verdict;
const _errs38 = errors;
let valid11 = false;
let passing0 = null;
const _errs39 = errors;
if(data14 !== null){
const err44 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
var _valid2 = _errs39 === errors;
if(_valid2){
valid11 = true;
passing0 = 0;
}
const _errs41 = errors;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.passed === undefined){
const err45 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf/1/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data14.evidence === undefined){
const err46 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf/1/required",keyword:"required",params:{missingProperty: "evidence"},message:"must have required property '"+"evidence"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data14.confidence === undefined){
const err47 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf/1/required",keyword:"required",params:{missingProperty: "confidence"},message:"must have required property '"+"confidence"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
for(const key1 in data14){
if(!(((key1 === "passed") || (key1 === "evidence")) || (key1 === "confidence"))){
const err48 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data14.passed !== undefined){
if(typeof data14.passed !== "boolean"){
const err49 = {instancePath:instancePath+"/verdict/passed",schemaPath:"#/properties/verdict/oneOf/1/properties/passed/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data14.evidence !== undefined){
if(typeof data14.evidence !== "string"){
const err50 = {instancePath:instancePath+"/verdict/evidence",schemaPath:"#/properties/verdict/oneOf/1/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data14.confidence !== undefined){
let data17 = data14.confidence;
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 > 1 || isNaN(data17)){
const err51 = {instancePath:instancePath+"/verdict/confidence",schemaPath:"#/properties/verdict/oneOf/1/properties/confidence/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data17 < 0 || isNaN(data17)){
const err52 = {instancePath:instancePath+"/verdict/confidence",schemaPath:"#/properties/verdict/oneOf/1/properties/confidence/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err53 = {instancePath:instancePath+"/verdict/confidence",schemaPath:"#/properties/verdict/oneOf/1/properties/confidence/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
else {
const err54 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid2 = _errs41 === errors;
if(_valid2 && valid11){
valid11 = false;
passing0 = [passing0, 1];
}
else {
if(_valid2){
valid11 = true;
passing0 = 1;
}
}
if(!valid11){
const err55 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
else {
errors = _errs38;
if(vErrors !== null){
if(_errs38){
vErrors.length = _errs38;
}
else {
vErrors = null;
}
}
}
}
if(data.reason !== undefined){
let data18 = data.reason;
const _errs51 = errors;
let valid13 = false;
let passing1 = null;
const _errs52 = errors;
if(data18 !== null){
const err56 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid3 = _errs52 === errors;
if(_valid3){
valid13 = true;
passing1 = 0;
}
const _errs54 = errors;
if(!(((((data18 === "malformed-verdict") || (data18 === "no-evidence")) || (data18 === "judge-failed")) || (data18 === "judge-timed-out")) || (data18 === "judge-interrupted"))){
const err57 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/oneOf/1/enum",keyword:"enum",params:{allowedValues: schema11.properties.reason.oneOf[1].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid3 = _errs54 === errors;
if(_valid3 && valid13){
valid13 = false;
passing1 = [passing1, 1];
}
else {
if(_valid3){
valid13 = true;
passing1 = 1;
}
}
if(!valid13){
const err58 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
else {
errors = _errs51;
if(vErrors !== null){
if(_errs51){
vErrors.length = _errs51;
}
else {
vErrors = null;
}
}
}
}
if(data.message !== undefined){
let data19 = data.message;
if((typeof data19 !== "string") && (data19 !== null)){
const err59 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: schema11.properties.message.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.harness !== undefined){
let data20 = data.harness;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name === undefined){
const err60 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data20.version === undefined){
const err61 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
for(const key2 in data20){
if(!((((key2 === "name") || (key2 === "version")) || (key2 === "events_file")) || (key2 === "parser"))){
const err62 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data20.events_file !== undefined){
if(data20.parser === undefined){
const err63 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/dependencies",keyword:"dependencies",params:{property: "events_file",
    missingProperty: "parser",
    depsCount: 1,
    deps: "parser"},message:"must have property parser when property events_file is present"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data20.parser !== undefined){
if(data20.events_file === undefined){
const err64 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/dependencies",keyword:"dependencies",params:{property: "parser",
    missingProperty: "events_file",
    depsCount: 1,
    deps: "events_file"},message:"must have property events_file when property parser is present"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data20.name !== undefined){
if(typeof data20.name !== "string"){
const err65 = {instancePath:instancePath+"/harness/name",schemaPath:"#/properties/harness/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data20.version !== undefined){
let data22 = data20.version;
if((typeof data22 !== "string") && (data22 !== null)){
const err66 = {instancePath:instancePath+"/harness/version",schemaPath:"#/properties/harness/properties/version/type",keyword:"type",params:{type: schema11.properties.harness.properties.version.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data20.events_file !== undefined){
let data23 = data20.events_file;
if(typeof data23 === "string"){
if(!pattern1.test(data23)){
const err67 = {instancePath:instancePath+"/harness/events_file",schemaPath:"#/properties/harness/properties/events_file/pattern",keyword:"pattern",params:{pattern: "^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"},message:"must match pattern \""+"^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"+"\""};
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
const err68 = {instancePath:instancePath+"/harness/events_file",schemaPath:"#/properties/harness/properties/events_file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data20.parser !== undefined){
let data24 = data20.parser;
if(!(((data24 === "claude-stream-json") || (data24 === "codex-json")) || (data24 === "opencode-events"))){
const err69 = {instancePath:instancePath+"/harness/parser",schemaPath:"#/properties/harness/properties/parser/enum",keyword:"enum",params:{allowedValues: schema11.properties.harness.properties.parser.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
else {
const err70 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data.model !== undefined){
let data25 = data.model;
if((typeof data25 !== "string") && (data25 !== null)){
const err71 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: schema11.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data.started_at !== undefined){
let data26 = data.started_at;
if(typeof data26 === "string"){
if(!(formats0.validate(data26))){
const err72 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data.ended_at !== undefined){
let data27 = data.ended_at;
if(typeof data27 === "string"){
if(!(formats0.validate(data27))){
const err74 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
else {
const err75 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data.duration_ms !== undefined){
let data28 = data.duration_ms;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err76 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 0 || isNaN(data28)){
const err77 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.tokens !== undefined){
let data29 = data.tokens;
const _errs76 = errors;
let valid16 = false;
let passing2 = null;
const _errs77 = errors;
if(data29 !== null){
const err78 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
var _valid4 = _errs77 === errors;
if(_valid4){
valid16 = true;
passing2 = 0;
}
const _errs79 = errors;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.input === undefined){
const err79 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/required",keyword:"required",params:{missingProperty: "input"},message:"must have required property '"+"input"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(data29.output === undefined){
const err80 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/required",keyword:"required",params:{missingProperty: "output"},message:"must have required property '"+"output"+"'"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
for(const key3 in data29){
if(!(((((key3 === "input") || (key3 === "output")) || (key3 === "cache_read")) || (key3 === "cache_write")) || (key3 === "reasoning"))){
const err81 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data29.input !== undefined){
let data30 = data29.input;
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 < 0 || isNaN(data30)){
const err82 = {instancePath:instancePath+"/tokens/input",schemaPath:"#/properties/tokens/oneOf/1/properties/input/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
else {
const err83 = {instancePath:instancePath+"/tokens/input",schemaPath:"#/properties/tokens/oneOf/1/properties/input/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data29.output !== undefined){
let data31 = data29.output;
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err84 = {instancePath:instancePath+"/tokens/output",schemaPath:"#/properties/tokens/oneOf/1/properties/output/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
else {
const err85 = {instancePath:instancePath+"/tokens/output",schemaPath:"#/properties/tokens/oneOf/1/properties/output/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data29.cache_read !== undefined){
let data32 = data29.cache_read;
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 < 0 || isNaN(data32)){
const err86 = {instancePath:instancePath+"/tokens/cache_read",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_read/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/tokens/cache_read",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_read/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data29.cache_write !== undefined){
let data33 = data29.cache_write;
if((typeof data33 == "number") && (isFinite(data33))){
if(data33 < 0 || isNaN(data33)){
const err88 = {instancePath:instancePath+"/tokens/cache_write",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_write/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/tokens/cache_write",schemaPath:"#/properties/tokens/oneOf/1/properties/cache_write/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data29.reasoning !== undefined){
let data34 = data29.reasoning;
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 0 || isNaN(data34)){
const err90 = {instancePath:instancePath+"/tokens/reasoning",schemaPath:"#/properties/tokens/oneOf/1/properties/reasoning/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
else {
const err91 = {instancePath:instancePath+"/tokens/reasoning",schemaPath:"#/properties/tokens/oneOf/1/properties/reasoning/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
}
else {
const err92 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
var _valid4 = _errs79 === errors;
if(_valid4 && valid16){
valid16 = false;
passing2 = [passing2, 1];
}
else {
if(_valid4){
valid16 = true;
passing2 = 1;
}
}
if(!valid16){
const err93 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/oneOf",keyword:"oneOf",params:{passingSchemas: passing2},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
else {
errors = _errs76;
if(vErrors !== null){
if(_errs76){
vErrors.length = _errs76;
}
else {
vErrors = null;
}
}
}
}
if(data.packet_sha256 !== undefined){
let data35 = data.packet_sha256;
if(typeof data35 === "string"){
if(!pattern2.test(data35)){
const err94 = {instancePath:instancePath+"/packet_sha256",schemaPath:"#/properties/packet_sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
else {
const err95 = {instancePath:instancePath+"/packet_sha256",schemaPath:"#/properties/packet_sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
if(data.criteria_sha256 !== undefined){
let data36 = data.criteria_sha256;
if(typeof data36 === "string"){
if(!pattern2.test(data36)){
const err96 = {instancePath:instancePath+"/criteria_sha256",schemaPath:"#/properties/criteria_sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
else {
const err97 = {instancePath:instancePath+"/criteria_sha256",schemaPath:"#/properties/criteria_sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data.conversation_sha256 !== undefined){
let data37 = data.conversation_sha256;
if(typeof data37 === "string"){
if(!pattern2.test(data37)){
const err98 = {instancePath:instancePath+"/conversation_sha256",schemaPath:"#/properties/conversation_sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
else {
const err99 = {instancePath:instancePath+"/conversation_sha256",schemaPath:"#/properties/conversation_sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
if(data.prompts_sha256 !== undefined){
let data38 = data.prompts_sha256;
if(typeof data38 === "string"){
if(!pattern2.test(data38)){
const err100 = {instancePath:instancePath+"/prompts_sha256",schemaPath:"#/properties/prompts_sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
else {
const err101 = {instancePath:instancePath+"/prompts_sha256",schemaPath:"#/properties/prompts_sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
if(data.diff_sha256 !== undefined){
let data39 = data.diff_sha256;
if(typeof data39 === "string"){
if(!pattern2.test(data39)){
const err102 = {instancePath:instancePath+"/diff_sha256",schemaPath:"#/properties/diff_sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
else {
const err103 = {instancePath:instancePath+"/diff_sha256",schemaPath:"#/properties/diff_sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data.attempts !== undefined){
let data40 = data.attempts;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
const err104 = {instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 0 || isNaN(data40)){
const err105 = {instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
}
if(data.failures !== undefined){
let data41 = data.failures;
if(Array.isArray(data41)){
const len0 = data41.length;
for(let i0=0; i0<len0; i0++){
let data42 = data41[i0];
if(data42 && typeof data42 == "object" && !Array.isArray(data42)){
if(data42.attempt === undefined){
const err106 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/required",keyword:"required",params:{missingProperty: "attempt"},message:"must have required property '"+"attempt"+"'"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
if(data42.reason === undefined){
const err107 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
if(data42.message === undefined){
const err108 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
for(const key4 in data42){
if(!(((key4 === "attempt") || (key4 === "reason")) || (key4 === "message"))){
const err109 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
if(data42.attempt !== undefined){
let data43 = data42.attempt;
if(!(((typeof data43 == "number") && (!(data43 % 1) && !isNaN(data43))) && (isFinite(data43)))){
const err110 = {instancePath:instancePath+"/failures/" + i0+"/attempt",schemaPath:"#/properties/failures/items/properties/attempt/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if((typeof data43 == "number") && (isFinite(data43))){
if(data43 < 1 || isNaN(data43)){
const err111 = {instancePath:instancePath+"/failures/" + i0+"/attempt",schemaPath:"#/properties/failures/items/properties/attempt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
}
if(data42.reason !== undefined){
let data44 = data42.reason;
if(!(((((data44 === "malformed-verdict") || (data44 === "no-evidence")) || (data44 === "judge-failed")) || (data44 === "judge-timed-out")) || (data44 === "judge-interrupted"))){
const err112 = {instancePath:instancePath+"/failures/" + i0+"/reason",schemaPath:"#/properties/failures/items/properties/reason/enum",keyword:"enum",params:{allowedValues: schema11.properties.failures.items.properties.reason.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
if(data42.message !== undefined){
if(typeof data42.message !== "string"){
const err113 = {instancePath:instancePath+"/failures/" + i0+"/message",schemaPath:"#/properties/failures/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
}
else {
const err114 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/properties/failures/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err115 = {instancePath:instancePath+"/failures",schemaPath:"#/properties/failures/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
if(data.rule !== undefined){
if(!(data.rule === "broken-task-folder")){
const err116 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/enum",keyword:"enum",params:{allowedValues: schema11.properties.rule.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
}
else {
const err117 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

