// GENERATED from schemas/grading.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/grading.schema.json","title":"Grading of one run","description":"Written by `eval-magic compare` as grading.json beside each graded conversation.json. The reference's grading fields (assertion_results, summary) plus `ungraded`: assertions a deterministic grader could not decide for this run, counted as neither pass nor fail.","type":"object","required":["assertion_results","summary","ungraded"],"additionalProperties":false,"properties":{"assertion_results":{"type":"array","description":"Every graded assertion of the run's eval, in evals.json order.","items":{"type":"object","required":["id","passed","evidence","grader"],"additionalProperties":false,"properties":{"id":{"type":"string","description":"The assertion's id in evals.json."},"passed":{"type":"boolean"},"evidence":{"type":"string","description":"What matched (quoted, at most 200 characters), or why nothing did; command_check: the exit code and the output's tail."},"confidence":{"type":"number","minimum":0,"maximum":1,"description":"Accepted for the reference's files; compare's deterministic graders do not write it."},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]}}}},"summary":{"type":"object","required":["passed","failed","total","pass_rate"],"additionalProperties":false,"properties":{"passed":{"type":"integer","minimum":0},"failed":{"type":"integer","minimum":0},"total":{"type":"integer","minimum":0,"description":"passed + failed: ungraded assertions are not counted."},"pass_rate":{"type":"number","minimum":0,"maximum":1,"description":"passed / total; 0 when total is 0."}}},"ungraded":{"type":"array","items":{"type":"object","required":["id","grader","reason"],"additionalProperties":false,"properties":{"id":{"type":"string"},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]},"reason":{"type":"string","minLength":1}}}}}};
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
if(!(((((key1 === "id") || (key1 === "passed")) || (key1 === "evidence")) || (key1 === "confidence")) || (key1 === "grader"))){
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
}
else {
const err16 = {instancePath:instancePath+"/assertion_results/" + i0,schemaPath:"#/properties/assertion_results/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/assertion_results",schemaPath:"#/properties/assertion_results/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.summary !== undefined){
let data7 = data.summary;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.passed === undefined){
const err18 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data7.failed === undefined){
const err19 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "failed"},message:"must have required property '"+"failed"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data7.total === undefined){
const err20 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "total"},message:"must have required property '"+"total"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data7.pass_rate === undefined){
const err21 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/required",keyword:"required",params:{missingProperty: "pass_rate"},message:"must have required property '"+"pass_rate"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key2 in data7){
if(!((((key2 === "passed") || (key2 === "failed")) || (key2 === "total")) || (key2 === "pass_rate"))){
const err22 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data7.passed !== undefined){
let data8 = data7.passed;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err23 = {instancePath:instancePath+"/summary/passed",schemaPath:"#/properties/summary/properties/passed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 0 || isNaN(data8)){
const err24 = {instancePath:instancePath+"/summary/passed",schemaPath:"#/properties/summary/properties/passed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data7.failed !== undefined){
let data9 = data7.failed;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err25 = {instancePath:instancePath+"/summary/failed",schemaPath:"#/properties/summary/properties/failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err26 = {instancePath:instancePath+"/summary/failed",schemaPath:"#/properties/summary/properties/failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data7.total !== undefined){
let data10 = data7.total;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err27 = {instancePath:instancePath+"/summary/total",schemaPath:"#/properties/summary/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err28 = {instancePath:instancePath+"/summary/total",schemaPath:"#/properties/summary/properties/total/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data7.pass_rate !== undefined){
let data11 = data7.pass_rate;
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 1 || isNaN(data11)){
const err29 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data11 < 0 || isNaN(data11)){
const err30 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/summary/pass_rate",schemaPath:"#/properties/summary/properties/pass_rate/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err32 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.ungraded !== undefined){
let data12 = data.ungraded;
if(Array.isArray(data12)){
const len1 = data12.length;
for(let i1=0; i1<len1; i1++){
let data13 = data12[i1];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.id === undefined){
const err33 = {instancePath:instancePath+"/ungraded/" + i1,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data13.grader === undefined){
const err34 = {instancePath:instancePath+"/ungraded/" + i1,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data13.reason === undefined){
const err35 = {instancePath:instancePath+"/ungraded/" + i1,schemaPath:"#/properties/ungraded/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
for(const key3 in data13){
if(!(((key3 === "id") || (key3 === "grader")) || (key3 === "reason"))){
const err36 = {instancePath:instancePath+"/ungraded/" + i1,schemaPath:"#/properties/ungraded/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data13.id !== undefined){
if(typeof data13.id !== "string"){
const err37 = {instancePath:instancePath+"/ungraded/" + i1+"/id",schemaPath:"#/properties/ungraded/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data13.grader !== undefined){
let data15 = data13.grader;
if(!((((data15 === "transcript_check") || (data15 === "command_check")) || (data15 === "diff_scope")) || (data15 === "llm_judge"))){
const err38 = {instancePath:instancePath+"/ungraded/" + i1+"/grader",schemaPath:"#/properties/ungraded/items/properties/grader/enum",keyword:"enum",params:{allowedValues: schema11.properties.ungraded.items.properties.grader.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data13.reason !== undefined){
let data16 = data13.reason;
if(typeof data16 === "string"){
if(func2(data16) < 1){
const err39 = {instancePath:instancePath+"/ungraded/" + i1+"/reason",schemaPath:"#/properties/ungraded/items/properties/reason/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/ungraded/" + i1+"/reason",schemaPath:"#/properties/ungraded/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err41 = {instancePath:instancePath+"/ungraded/" + i1,schemaPath:"#/properties/ungraded/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err42 = {instancePath:instancePath+"/ungraded",schemaPath:"#/properties/ungraded/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
else {
const err43 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

