// GENERATED from schemas/grading.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/grading.schema.json","title":"Grading of one run","description":"Written by `eval-magic compare` as grading.json beside each graded conversation.json. The reference's grading fields (assertion_results, summary) plus `ungraded`: assertions a deterministic grader could not decide for this run, counted as neither pass nor fail.","type":"object","required":["assertion_results","summary","ungraded"],"additionalProperties":false,"properties":{"assertion_results":{"type":"array","description":"Every graded assertion of the run's eval, in evals.json order.","items":{"type":"object","required":["id","passed","evidence","grader"],"additionalProperties":false,"properties":{"id":{"type":"string","description":"The assertion's id in evals.json."},"passed":{"type":"boolean"},"evidence":{"type":"string","description":"What matched (quoted, at most 200 characters), or why nothing did; command_check: the exit code and the output's tail."},"confidence":{"type":"number","minimum":0,"maximum":1,"description":"llm_judge: the mean confidence of the majority's judgments (absent when the run failed it by its broken task folder, no judge asked). The deterministic graders do not write it."},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]},"votes":{"$ref":"#/definitions/votes"}}}},"summary":{"type":"object","required":["passed","failed","total","pass_rate"],"additionalProperties":false,"properties":{"passed":{"type":"integer","minimum":0},"failed":{"type":"integer","minimum":0},"total":{"type":"integer","minimum":0,"description":"passed + failed: ungraded assertions are not counted."},"pass_rate":{"type":"number","minimum":0,"maximum":1,"description":"passed / total; 0 when total is 0."}}},"ungraded":{"type":"array","items":{"type":"object","required":["id","grader","reason"],"additionalProperties":false,"properties":{"id":{"type":"string"},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]},"reason":{"type":"string","minLength":1},"votes":{"$ref":"#/definitions/votes"}}}}},"definitions":{"votes":{"type":"array","description":"llm_judge: every judgment of the assertion on this run (judge/<id>/<repeat>/judgment.json); one without a verdict is no vote.","items":{"type":"object","required":["repeat","passed","confidence"],"additionalProperties":false,"properties":{"repeat":{"type":"integer","minimum":1},"judge":{"type":"object","description":"Who judged, as the judgment.json records it (its harness and model): votes of several judges (another --model, another --harness) can be told apart. Absent when no judge did (a rule of eval-magic decided it), when the judgment.json cannot be used or is not this run's, and in documents older eval-magic wrote.","required":["harness","model"],"additionalProperties":false,"properties":{"harness":{"type":"object","required":["name","version"],"additionalProperties":false,"properties":{"name":{"type":"string"},"version":{"type":["string","null"],"description":"The first line `<executable> --version` printed; null when it could not be read."}}},"model":{"type":["string","null"],"description":"The judge's model; null for the harness's default."}}},"passed":{"type":["boolean","null"]},"confidence":{"type":["number","null"],"minimum":0,"maximum":1},"evidence":{"type":"string"},"reason":{"type":"string","description":"Why this judgment is no vote (malformed-verdict, no-evidence, judge-failed, judge-timed-out, judge-interrupted, or an unusable judgment.json)."}}}}}};
const schema12 = {"type":"array","description":"llm_judge: every judgment of the assertion on this run (judge/<id>/<repeat>/judgment.json); one without a verdict is no vote.","items":{"type":"object","required":["repeat","passed","confidence"],"additionalProperties":false,"properties":{"repeat":{"type":"integer","minimum":1},"judge":{"type":"object","description":"Who judged, as the judgment.json records it (its harness and model): votes of several judges (another --model, another --harness) can be told apart. Absent when no judge did (a rule of eval-magic decided it), when the judgment.json cannot be used or is not this run's, and in documents older eval-magic wrote.","required":["harness","model"],"additionalProperties":false,"properties":{"harness":{"type":"object","required":["name","version"],"additionalProperties":false,"properties":{"name":{"type":"string"},"version":{"type":["string","null"],"description":"The first line `<executable> --version` printed; null when it could not be read."}}},"model":{"type":["string","null"],"description":"The judge's model; null for the harness's default."}}},"passed":{"type":["boolean","null"]},"confidence":{"type":["number","null"],"minimum":0,"maximum":1},"evidence":{"type":"string"},"reason":{"type":"string","description":"Why this judgment is no vote (malformed-verdict, no-evidence, judge-failed, judge-timed-out, judge-interrupted, or an unusable judgment.json)."}}}};
const func2 = require("ajv/dist/runtime/ucs2length").default;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/grading.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.assertion_results === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "assertion_results"},message:"must have required property '"+"assertion_results"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.summary === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "summary"},message:"must have required property '"+"summary"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.ungraded === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ungraded"},message:"must have required property '"+"ungraded"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "assertion_results") || (key0 === "summary")) || (key0 === "ungraded"))){
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
if(data.assertion_results !== undefined){
let data0 = data.assertion_results;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.id === undefined){
const err4 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.passed === undefined){
const err5 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1.evidence === undefined){
const err6 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/required",keyword:"required",params:{missingProperty: "evidence"},message:"must have required property '"+"evidence"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1.grader === undefined){
const err7 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key1 in data1){
if(!((((((key1 === "id") || (key1 === "passed")) || (key1 === "evidence")) || (key1 === "confidence")) || (key1 === "grader")) || (key1 === "votes"))){
const err8 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data1.id !== undefined){
if(typeof data1.id !== "string"){
const err9 = {instancePath:instancePath+"/assertion_results/" + i0+"/id",schemaPath:"#/properties/assertion_results/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data1.passed !== undefined){
if(typeof data1.passed !== "boolean"){
const err10 = {instancePath:instancePath+"/assertion_results/" + i0+"/passed",schemaPath:"#/properties/assertion_results/items/properties/passed/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data1.evidence !== undefined){
if(typeof data1.evidence !== "string"){
const err11 = {instancePath:instancePath+"/assertion_results/" + i0+"/evidence",schemaPath:"#/properties/assertion_results/items/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data1.confidence !== undefined){
let data5 = data1.confidence;
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 1 || isNaN(data5)){
const err12 = {instancePath:instancePath+"/assertion_results/" + i0+"/confidence",schemaPath:"#/properties/assertion_results/items/properties/confidence/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data5 < 0 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/assertion_results/" + i0+"/confidence",schemaPath:"#/properties/assertion_results/items/properties/confidence/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/assertion_results/" + i0+"/confidence",schemaPath:"#/properties/assertion_results/items/properties/confidence/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data1.grader !== undefined){
let data6 = data1.grader;
if(!((((data6 === "transcript_check") || (data6 === "command_check")) || (data6 === "diff_scope")) || (data6 === "llm_judge"))){
const err15 = {instancePath:instancePath+"/assertion_results/" + i0+"/grader",schemaPath:"#/properties/assertion_results/items/properties/grader/enum",keyword:"enum",params:{allowedValues: schema11.properties.assertion_results.items.properties.grader.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data1.votes !== undefined){
let data7 = data1.votes;
if(Array.isArray(data7)){
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.repeat === undefined){
const err16 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/definitions/votes/items/required",keyword:"required",params:{missingProperty: "repeat"},message:"must have required property '"+"repeat"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data8.passed === undefined){
const err17 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/definitions/votes/items/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data8.confidence === undefined){
const err18 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/definitions/votes/items/required",keyword:"required",params:{missingProperty: "confidence"},message:"must have required property '"+"confidence"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key2 in data8){
if(!((((((key2 === "repeat") || (key2 === "judge")) || (key2 === "passed")) || (key2 === "confidence")) || (key2 === "evidence")) || (key2 === "reason"))){
const err19 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/definitions/votes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data8.repeat !== undefined){
let data9 = data8.repeat;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err20 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/repeat",schemaPath:"#/definitions/votes/items/properties/repeat/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 1 || isNaN(data9)){
const err21 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/repeat",schemaPath:"#/definitions/votes/items/properties/repeat/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data8.judge !== undefined){
let data10 = data8.judge;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.harness === undefined){
const err22 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/required",keyword:"required",params:{missingProperty: "harness"},message:"must have required property '"+"harness"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data10.model === undefined){
const err23 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key3 in data10){
if(!((key3 === "harness") || (key3 === "model"))){
const err24 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data10.harness !== undefined){
let data11 = data10.harness;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name === undefined){
const err25 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data11.version === undefined){
const err26 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
for(const key4 in data11){
if(!((key4 === "name") || (key4 === "version"))){
const err27 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data11.name !== undefined){
if(typeof data11.name !== "string"){
const err28 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge/harness/name",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data11.version !== undefined){
let data13 = data11.version;
if((typeof data13 !== "string") && (data13 !== null)){
const err29 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge/harness/version",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/properties/version/type",keyword:"type",params:{type: schema12.items.properties.judge.properties.harness.properties.version.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data10.model !== undefined){
let data14 = data10.model;
if((typeof data14 !== "string") && (data14 !== null)){
const err31 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge/model",schemaPath:"#/definitions/votes/items/properties/judge/properties/model/type",keyword:"type",params:{type: schema12.items.properties.judge.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data8.passed !== undefined){
let data15 = data8.passed;
if((typeof data15 !== "boolean") && (data15 !== null)){
const err33 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/passed",schemaPath:"#/definitions/votes/items/properties/passed/type",keyword:"type",params:{type: schema12.items.properties.passed.type},message:"must be boolean,null"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data8.confidence !== undefined){
let data16 = data8.confidence;
if((!((typeof data16 == "number") && (isFinite(data16)))) && (data16 !== null)){
const err34 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/confidence",schemaPath:"#/definitions/votes/items/properties/confidence/type",keyword:"type",params:{type: schema12.items.properties.confidence.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 > 1 || isNaN(data16)){
const err35 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/confidence",schemaPath:"#/definitions/votes/items/properties/confidence/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data16 < 0 || isNaN(data16)){
const err36 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/confidence",schemaPath:"#/definitions/votes/items/properties/confidence/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data8.evidence !== undefined){
if(typeof data8.evidence !== "string"){
const err37 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/evidence",schemaPath:"#/definitions/votes/items/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data8.reason !== undefined){
if(typeof data8.reason !== "string"){
const err38 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/reason",schemaPath:"#/definitions/votes/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err39 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/definitions/votes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err40 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes",schemaPath:"#/definitions/votes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/assertion_results",schemaPath:"#/properties/assertion_results/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.summary !== undefined){
let data19 = data.summary;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.passed === undefined){
const err43 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data19.failed === undefined){
const err44 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "failed"},message:"must have required property '"+"failed"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data19.total === undefined){
const err45 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "total"},message:"must have required property '"+"total"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data19.pass_rate === undefined){
const err46 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "pass_rate"},message:"must have required property '"+"pass_rate"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key5 in data19){
if(!((((key5 === "passed") || (key5 === "failed")) || (key5 === "total")) || (key5 === "pass_rate"))){
const err47 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data19.passed !== undefined){
let data20 = data19.passed;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err48 = {instancePath:instancePath+"/summary/passed",schemaPath:"#/properties/summary/properties/passed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err49 = {instancePath:instancePath+"/summary/passed",schemaPath:"#/properties/summary/properties/passed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data19.failed !== undefined){
let data21 = data19.failed;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err50 = {instancePath:instancePath+"/summary/failed",schemaPath:"#/properties/summary/properties/failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err51 = {instancePath:instancePath+"/summary/failed",schemaPath:"#/properties/summary/properties/failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
if(data19.total !== undefined){
let data22 = data19.total;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err52 = {instancePath:instancePath+"/summary/total",schemaPath:"#/properties/summary/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err53 = {instancePath:instancePath+"/summary/total",schemaPath:"#/properties/summary/properties/total/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data19.pass_rate !== undefined){
let data23 = data19.pass_rate;
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 > 1 || isNaN(data23)){
const err54 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data23 < 0 || isNaN(data23)){
const err55 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
else {
const err57 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.ungraded !== undefined){
let data24 = data.ungraded;
if(Array.isArray(data24)){
const len2 = data24.length;
for(let i2=0; i2<len2; i2++){
let data25 = data24[i2];
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
if(data25.id === undefined){
const err58 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(data25.grader === undefined){
const err59 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data25.reason === undefined){
const err60 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
for(const key6 in data25){
if(!((((key6 === "id") || (key6 === "grader")) || (key6 === "reason")) || (key6 === "votes"))){
const err61 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data25.id !== undefined){
if(typeof data25.id !== "string"){
const err62 = {instancePath:instancePath+"/ungraded/" + i2+"/id",schemaPath:"#/properties/ungraded/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data25.grader !== undefined){
let data27 = data25.grader;
if(!((((data27 === "transcript_check") || (data27 === "command_check")) || (data27 === "diff_scope")) || (data27 === "llm_judge"))){
const err63 = {instancePath:instancePath+"/ungraded/" + i2+"/grader",schemaPath:"#/properties/ungraded/items/properties/grader/enum",keyword:"enum",params:{allowedValues: schema11.properties.ungraded.items.properties.grader.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data25.reason !== undefined){
let data28 = data25.reason;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err64 = {instancePath:instancePath+"/ungraded/" + i2+"/reason",schemaPath:"#/properties/ungraded/items/properties/reason/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/ungraded/" + i2+"/reason",schemaPath:"#/properties/ungraded/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data25.votes !== undefined){
let data29 = data25.votes;
if(Array.isArray(data29)){
const len3 = data29.length;
for(let i3=0; i3<len3; i3++){
let data30 = data29[i3];
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(data30.repeat === undefined){
const err66 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/definitions/votes/items/required",keyword:"required",params:{missingProperty: "repeat"},message:"must have required property '"+"repeat"+"'"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data30.passed === undefined){
const err67 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/definitions/votes/items/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data30.confidence === undefined){
const err68 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/definitions/votes/items/required",keyword:"required",params:{missingProperty: "confidence"},message:"must have required property '"+"confidence"+"'"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
for(const key7 in data30){
if(!((((((key7 === "repeat") || (key7 === "judge")) || (key7 === "passed")) || (key7 === "confidence")) || (key7 === "evidence")) || (key7 === "reason"))){
const err69 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/definitions/votes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data30.repeat !== undefined){
let data31 = data30.repeat;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err70 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/repeat",schemaPath:"#/definitions/votes/items/properties/repeat/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 1 || isNaN(data31)){
const err71 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/repeat",schemaPath:"#/definitions/votes/items/properties/repeat/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
if(data30.judge !== undefined){
let data32 = data30.judge;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
if(data32.harness === undefined){
const err72 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/required",keyword:"required",params:{missingProperty: "harness"},message:"must have required property '"+"harness"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data32.model === undefined){
const err73 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
for(const key8 in data32){
if(!((key8 === "harness") || (key8 === "model"))){
const err74 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data32.harness !== undefined){
let data33 = data32.harness;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.name === undefined){
const err75 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(data33.version === undefined){
const err76 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
for(const key9 in data33){
if(!((key9 === "name") || (key9 === "version"))){
const err77 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data33.name !== undefined){
if(typeof data33.name !== "string"){
const err78 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge/harness/name",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data33.version !== undefined){
let data35 = data33.version;
if((typeof data35 !== "string") && (data35 !== null)){
const err79 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge/harness/version",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/properties/version/type",keyword:"type",params:{type: schema12.items.properties.judge.properties.harness.properties.version.type},message:"must be string,null"};
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
const err80 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge/harness",schemaPath:"#/definitions/votes/items/properties/judge/properties/harness/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data32.model !== undefined){
let data36 = data32.model;
if((typeof data36 !== "string") && (data36 !== null)){
const err81 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge/model",schemaPath:"#/definitions/votes/items/properties/judge/properties/model/type",keyword:"type",params:{type: schema12.items.properties.judge.properties.model.type},message:"must be string,null"};
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
else {
const err82 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/judge",schemaPath:"#/definitions/votes/items/properties/judge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data30.passed !== undefined){
let data37 = data30.passed;
if((typeof data37 !== "boolean") && (data37 !== null)){
const err83 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/passed",schemaPath:"#/definitions/votes/items/properties/passed/type",keyword:"type",params:{type: schema12.items.properties.passed.type},message:"must be boolean,null"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data30.confidence !== undefined){
let data38 = data30.confidence;
if((!((typeof data38 == "number") && (isFinite(data38)))) && (data38 !== null)){
const err84 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/confidence",schemaPath:"#/definitions/votes/items/properties/confidence/type",keyword:"type",params:{type: schema12.items.properties.confidence.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 > 1 || isNaN(data38)){
const err85 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/confidence",schemaPath:"#/definitions/votes/items/properties/confidence/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(data38 < 0 || isNaN(data38)){
const err86 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/confidence",schemaPath:"#/definitions/votes/items/properties/confidence/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
}
if(data30.evidence !== undefined){
if(typeof data30.evidence !== "string"){
const err87 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/evidence",schemaPath:"#/definitions/votes/items/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data30.reason !== undefined){
if(typeof data30.reason !== "string"){
const err88 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/reason",schemaPath:"#/definitions/votes/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err89 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/definitions/votes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err90 = {instancePath:instancePath+"/ungraded/" + i2+"/votes",schemaPath:"#/definitions/votes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
}
else {
const err91 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err92 = {instancePath:instancePath+"/ungraded",schemaPath:"#/properties/ungraded/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err93 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

