// GENERATED from schemas/grading.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/grading.schema.json","title":"Grading of one run","description":"Written by `eval-magic compare` as grading.json beside each graded conversation.json. The reference's grading fields (assertion_results, summary) plus `ungraded`: assertions a deterministic grader could not decide for this run, counted as neither pass nor fail.","type":"object","required":["assertion_results","summary","ungraded"],"additionalProperties":false,"properties":{"assertion_results":{"type":"array","description":"Every graded assertion of the run's eval, in evals.json order.","items":{"type":"object","required":["id","passed","evidence","grader"],"additionalProperties":false,"properties":{"id":{"type":"string","description":"The assertion's id in evals.json."},"passed":{"type":"boolean"},"evidence":{"type":"string","description":"What matched (quoted, at most 200 characters), or why nothing did; command_check: the exit code and the output's tail."},"confidence":{"type":"number","minimum":0,"maximum":1,"description":"llm_judge: the mean confidence of the majority's judgments (absent when the run failed it by its broken task folder, no judge asked). The deterministic graders do not write it."},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]},"votes":{"type":"array","description":"llm_judge: every judgment of the assertion on this run (judge/<id>/<repeat>/judgment.json); one without a verdict is no vote.","items":{"type":"object","required":["repeat","passed","confidence"],"additionalProperties":false,"properties":{"repeat":{"type":"integer","minimum":1},"passed":{"type":["boolean","null"]},"confidence":{"type":["number","null"],"minimum":0,"maximum":1},"evidence":{"type":"string"},"reason":{"type":"string","description":"Why this judgment is no vote (malformed-verdict, no-evidence, judge-failed, judge-timed-out, or an unusable judgment.json)."}}}}}}},"summary":{"type":"object","required":["passed","failed","total","pass_rate"],"additionalProperties":false,"properties":{"passed":{"type":"integer","minimum":0},"failed":{"type":"integer","minimum":0},"total":{"type":"integer","minimum":0,"description":"passed + failed: ungraded assertions are not counted."},"pass_rate":{"type":"number","minimum":0,"maximum":1,"description":"passed / total; 0 when total is 0."}}},"ungraded":{"type":"array","items":{"type":"object","required":["id","grader","reason"],"additionalProperties":false,"properties":{"id":{"type":"string"},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]},"reason":{"type":"string","minLength":1},"votes":{"type":"array","description":"llm_judge: every judgment of the assertion on this run (judge/<id>/<repeat>/judgment.json); one without a verdict is no vote.","items":{"type":"object","required":["repeat","passed","confidence"],"additionalProperties":false,"properties":{"repeat":{"type":"integer","minimum":1},"passed":{"type":["boolean","null"]},"confidence":{"type":["number","null"],"minimum":0,"maximum":1},"evidence":{"type":"string"},"reason":{"type":"string","description":"Why this judgment is no vote (malformed-verdict, no-evidence, judge-failed, judge-timed-out, or an unusable judgment.json)."}}}}}}}}};
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
const err16 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/properties/assertion_results/items/properties/votes/items/required",keyword:"required",params:{missingProperty: "repeat"},message:"must have required property '"+"repeat"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data8.passed === undefined){
const err17 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/properties/assertion_results/items/properties/votes/items/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data8.confidence === undefined){
const err18 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/properties/assertion_results/items/properties/votes/items/required",keyword:"required",params:{missingProperty: "confidence"},message:"must have required property '"+"confidence"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key2 in data8){
if(!(((((key2 === "repeat") || (key2 === "passed")) || (key2 === "confidence")) || (key2 === "evidence")) || (key2 === "reason"))){
const err19 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/properties/assertion_results/items/properties/votes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
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
const err20 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/repeat",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/repeat/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
const err21 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/repeat",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/repeat/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data8.passed !== undefined){
let data10 = data8.passed;
if((typeof data10 !== "boolean") && (data10 !== null)){
const err22 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/passed",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/passed/type",keyword:"type",params:{type: schema11.properties.assertion_results.items.properties.votes.items.properties.passed.type},message:"must be boolean,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.confidence !== undefined){
let data11 = data8.confidence;
if((!((typeof data11 == "number") && (isFinite(data11)))) && (data11 !== null)){
const err23 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/confidence",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/confidence/type",keyword:"type",params:{type: schema11.properties.assertion_results.items.properties.votes.items.properties.confidence.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 1 || isNaN(data11)){
const err24 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/confidence",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/confidence/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data11 < 0 || isNaN(data11)){
const err25 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/confidence",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/confidence/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data8.evidence !== undefined){
if(typeof data8.evidence !== "string"){
const err26 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/evidence",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data8.reason !== undefined){
if(typeof data8.reason !== "string"){
const err27 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1+"/reason",schemaPath:"#/properties/assertion_results/items/properties/votes/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err28 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes/" + i1,schemaPath:"#/properties/assertion_results/items/properties/votes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/assertion_results/" + i0+"/votes",schemaPath:"#/properties/assertion_results/items/properties/votes/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err30 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/assertion_results",schemaPath:"#/properties/assertion_results/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.summary !== undefined){
let data14 = data.summary;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.passed === undefined){
const err32 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data14.failed === undefined){
const err33 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "failed"},message:"must have required property '"+"failed"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data14.total === undefined){
const err34 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "total"},message:"must have required property '"+"total"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data14.pass_rate === undefined){
const err35 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "pass_rate"},message:"must have required property '"+"pass_rate"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
for(const key3 in data14){
if(!((((key3 === "passed") || (key3 === "failed")) || (key3 === "total")) || (key3 === "pass_rate"))){
const err36 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data14.passed !== undefined){
let data15 = data14.passed;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err37 = {instancePath:instancePath+"/summary/passed",schemaPath:"#/properties/summary/properties/passed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err38 = {instancePath:instancePath+"/summary/passed",schemaPath:"#/properties/summary/properties/passed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data14.failed !== undefined){
let data16 = data14.failed;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err39 = {instancePath:instancePath+"/summary/failed",schemaPath:"#/properties/summary/properties/failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err40 = {instancePath:instancePath+"/summary/failed",schemaPath:"#/properties/summary/properties/failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data14.total !== undefined){
let data17 = data14.total;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err41 = {instancePath:instancePath+"/summary/total",schemaPath:"#/properties/summary/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err42 = {instancePath:instancePath+"/summary/total",schemaPath:"#/properties/summary/properties/total/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
if(data14.pass_rate !== undefined){
let data18 = data14.pass_rate;
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 > 1 || isNaN(data18)){
const err43 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data18 < 0 || isNaN(data18)){
const err44 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err46 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.ungraded !== undefined){
let data19 = data.ungraded;
if(Array.isArray(data19)){
const len2 = data19.length;
for(let i2=0; i2<len2; i2++){
let data20 = data19[i2];
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.id === undefined){
const err47 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(data20.grader === undefined){
const err48 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(data20.reason === undefined){
const err49 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
for(const key4 in data20){
if(!((((key4 === "id") || (key4 === "grader")) || (key4 === "reason")) || (key4 === "votes"))){
const err50 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data20.id !== undefined){
if(typeof data20.id !== "string"){
const err51 = {instancePath:instancePath+"/ungraded/" + i2+"/id",schemaPath:"#/properties/ungraded/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data20.grader !== undefined){
let data22 = data20.grader;
if(!((((data22 === "transcript_check") || (data22 === "command_check")) || (data22 === "diff_scope")) || (data22 === "llm_judge"))){
const err52 = {instancePath:instancePath+"/ungraded/" + i2+"/grader",schemaPath:"#/properties/ungraded/items/properties/grader/enum",keyword:"enum",params:{allowedValues: schema11.properties.ungraded.items.properties.grader.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data20.reason !== undefined){
let data23 = data20.reason;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err53 = {instancePath:instancePath+"/ungraded/" + i2+"/reason",schemaPath:"#/properties/ungraded/items/properties/reason/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/ungraded/" + i2+"/reason",schemaPath:"#/properties/ungraded/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data20.votes !== undefined){
let data24 = data20.votes;
if(Array.isArray(data24)){
const len3 = data24.length;
for(let i3=0; i3<len3; i3++){
let data25 = data24[i3];
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
if(data25.repeat === undefined){
const err55 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/properties/ungraded/items/properties/votes/items/required",keyword:"required",params:{missingProperty: "repeat"},message:"must have required property '"+"repeat"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data25.passed === undefined){
const err56 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/properties/ungraded/items/properties/votes/items/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data25.confidence === undefined){
const err57 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/properties/ungraded/items/properties/votes/items/required",keyword:"required",params:{missingProperty: "confidence"},message:"must have required property '"+"confidence"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
for(const key5 in data25){
if(!(((((key5 === "repeat") || (key5 === "passed")) || (key5 === "confidence")) || (key5 === "evidence")) || (key5 === "reason"))){
const err58 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/properties/ungraded/items/properties/votes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data25.repeat !== undefined){
let data26 = data25.repeat;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err59 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/repeat",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/repeat/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 < 1 || isNaN(data26)){
const err60 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/repeat",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/repeat/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
if(data25.passed !== undefined){
let data27 = data25.passed;
if((typeof data27 !== "boolean") && (data27 !== null)){
const err61 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/passed",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/passed/type",keyword:"type",params:{type: schema11.properties.ungraded.items.properties.votes.items.properties.passed.type},message:"must be boolean,null"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data25.confidence !== undefined){
let data28 = data25.confidence;
if((!((typeof data28 == "number") && (isFinite(data28)))) && (data28 !== null)){
const err62 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/confidence",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/confidence/type",keyword:"type",params:{type: schema11.properties.ungraded.items.properties.votes.items.properties.confidence.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 > 1 || isNaN(data28)){
const err63 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/confidence",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/confidence/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(data28 < 0 || isNaN(data28)){
const err64 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/confidence",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/confidence/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
}
if(data25.evidence !== undefined){
if(typeof data25.evidence !== "string"){
const err65 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/evidence",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data25.reason !== undefined){
if(typeof data25.reason !== "string"){
const err66 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3+"/reason",schemaPath:"#/properties/ungraded/items/properties/votes/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
else {
const err67 = {instancePath:instancePath+"/ungraded/" + i2+"/votes/" + i3,schemaPath:"#/properties/ungraded/items/properties/votes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
else {
const err68 = {instancePath:instancePath+"/ungraded/" + i2+"/votes",schemaPath:"#/properties/ungraded/items/properties/votes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
}
else {
const err69 = {instancePath:instancePath+"/ungraded/" + i2,schemaPath:"#/properties/ungraded/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err70 = {instancePath:instancePath+"/ungraded",schemaPath:"#/properties/ungraded/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
else {
const err71 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

