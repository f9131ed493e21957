// GENERATED from schemas/campaign.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/campaign.schema.json","title":"eval-magic campaign plan (campaign.json)","description":"The plan of one iteration, <workspace>/<skill>/iteration-<n>/campaign.json. Every shard of a plan writes the same bytes; nothing in it depends on the shard, the machine or the time.","type":"object","required":["schema_version","eval_magic_version","conditions","skill","baseline","harness","evals","runs","order","model"],"additionalProperties":false,"properties":{"schema_version":{"const":1},"eval_magic_version":{"type":"string","minLength":1},"conditions":{"description":"[treatment, control].","oneOf":[{"const":["with_skill","without_skill"]},{"const":["new_skill","old_skill"]}]},"skill":{"type":"object","required":["name","source","sha256"],"additionalProperties":false,"properties":{"name":{"type":"string"},"source":{"type":"string"},"sha256":{"$ref":"#/definitions/sha256"}}},"baseline":{"oneOf":[{"type":"null"},{"type":"object","required":["source","sha256"],"additionalProperties":false,"properties":{"source":{"type":"string"},"sha256":{"$ref":"#/definitions/sha256"}}}]},"harness":{"type":"object","required":["name","descriptor_sha256"],"additionalProperties":false,"properties":{"name":{"type":"string"},"descriptor_sha256":{"oneOf":[{"type":"null"},{"$ref":"#/definitions/sha256"}],"description":"Of the descriptor file's bytes; null for a built-in harness."}}},"evals":{"type":"object","required":["path","sha256"],"additionalProperties":false,"properties":{"path":{"type":"string"},"sha256":{"$ref":"#/definitions/sha256"}}},"runs":{"type":"object","description":"Runs per condition by eval id: the eval's own runs, else --runs.","additionalProperties":{"type":"integer","minimum":1}},"order":{"type":"array","description":"Every run of the plan in the order started; shard k of n takes every n-th from the k-th.","items":{"type":"object","required":["eval_id","condition","run"],"additionalProperties":false,"properties":{"eval_id":{"type":"string"},"condition":{"enum":["with_skill","without_skill","new_skill","old_skill"]},"run":{"type":"integer","minimum":1}}}},"model":{"type":["string","null"]}},"definitions":{"sha256":{"type":"string","pattern":"^[0-9a-f]{64}$"}}};
const schema12 = {"type":"string","pattern":"^[0-9a-f]{64}$"};
const func2 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const func0 = require("ajv/dist/runtime/equal").default;
const pattern0 = new RegExp("^[0-9a-f]{64}$", "u");

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
if(!(((key1 === "name") || (key1 === "source")) || (key1 === "sha256"))){
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
}
else {
const err25 = {instancePath:instancePath+"/skill",schemaPath:"#/properties/skill/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.baseline !== undefined){
let data7 = data.baseline;
const _errs20 = errors;
let valid4 = false;
let passing1 = null;
const _errs21 = errors;
if(data7 !== null){
const err26 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid1 = _errs21 === errors;
if(_valid1){
valid4 = true;
passing1 = 0;
}
const _errs23 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.source === undefined){
const err27 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data7.sha256 === undefined){
const err28 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key2 in data7){
if(!((key2 === "source") || (key2 === "sha256"))){
const err29 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data7.source !== undefined){
if(typeof data7.source !== "string"){
const err30 = {instancePath:instancePath+"/baseline/source",schemaPath:"#/properties/baseline/oneOf/1/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data7.sha256 !== undefined){
let data9 = data7.sha256;
if(typeof data9 === "string"){
if(!pattern0.test(data9)){
const err31 = {instancePath:instancePath+"/baseline/sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
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
const err32 = {instancePath:instancePath+"/baseline/sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err33 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid1 = _errs23 === errors;
if(_valid1 && valid4){
valid4 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid4 = true;
passing1 = 1;
}
}
if(!valid4){
const err34 = {instancePath:instancePath+"/baseline",schemaPath:"#/properties/baseline/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
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
if(data.harness !== undefined){
let data10 = data.harness;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.name === undefined){
const err35 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data10.descriptor_sha256 === undefined){
const err36 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/required",keyword:"required",params:{missingProperty: "descriptor_sha256"},message:"must have required property '"+"descriptor_sha256"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
for(const key3 in data10){
if(!((key3 === "name") || (key3 === "descriptor_sha256"))){
const err37 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data10.name !== undefined){
if(typeof data10.name !== "string"){
const err38 = {instancePath:instancePath+"/harness/name",schemaPath:"#/properties/harness/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data10.descriptor_sha256 !== undefined){
let data12 = data10.descriptor_sha256;
const _errs37 = errors;
let valid8 = false;
let passing2 = null;
const _errs38 = errors;
if(data12 !== null){
const err39 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/properties/harness/properties/descriptor_sha256/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid2 = _errs38 === errors;
if(_valid2){
valid8 = true;
passing2 = 0;
}
const _errs40 = errors;
if(typeof data12 === "string"){
if(!pattern0.test(data12)){
const err40 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
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
const err41 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid2 = _errs40 === errors;
if(_valid2 && valid8){
valid8 = false;
passing2 = [passing2, 1];
}
else {
if(_valid2){
valid8 = true;
passing2 = 1;
}
}
if(!valid8){
const err42 = {instancePath:instancePath+"/harness/descriptor_sha256",schemaPath:"#/properties/harness/properties/descriptor_sha256/oneOf",keyword:"oneOf",params:{passingSchemas: passing2},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs37;
if(vErrors !== null){
if(_errs37){
vErrors.length = _errs37;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err43 = {instancePath:instancePath+"/harness",schemaPath:"#/properties/harness/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.evals !== undefined){
let data13 = data.evals;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.path === undefined){
const err44 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data13.sha256 === undefined){
const err45 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
for(const key4 in data13){
if(!((key4 === "path") || (key4 === "sha256"))){
const err46 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data13.path !== undefined){
if(typeof data13.path !== "string"){
const err47 = {instancePath:instancePath+"/evals/path",schemaPath:"#/properties/evals/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data13.sha256 !== undefined){
let data15 = data13.sha256;
if(typeof data15 === "string"){
if(!pattern0.test(data15)){
const err48 = {instancePath:instancePath+"/evals/sha256",schemaPath:"#/definitions/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/evals/sha256",schemaPath:"#/definitions/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err50 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.runs !== undefined){
let data16 = data.runs;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
for(const key5 in data16){
let data17 = data16[key5];
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err51 = {instancePath:instancePath+"/runs/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/runs/additionalProperties/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 1 || isNaN(data17)){
const err52 = {instancePath:instancePath+"/runs/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/runs/additionalProperties/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
}
else {
const err53 = {instancePath:instancePath+"/runs",schemaPath:"#/properties/runs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.order !== undefined){
let data18 = data.order;
if(Array.isArray(data18)){
const len0 = data18.length;
for(let i0=0; i0<len0; i0++){
let data19 = data18[i0];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.eval_id === undefined){
const err54 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/required",keyword:"required",params:{missingProperty: "eval_id"},message:"must have required property '"+"eval_id"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data19.condition === undefined){
const err55 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/required",keyword:"required",params:{missingProperty: "condition"},message:"must have required property '"+"condition"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data19.run === undefined){
const err56 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
for(const key6 in data19){
if(!(((key6 === "eval_id") || (key6 === "condition")) || (key6 === "run"))){
const err57 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data19.eval_id !== undefined){
if(typeof data19.eval_id !== "string"){
const err58 = {instancePath:instancePath+"/order/" + i0+"/eval_id",schemaPath:"#/properties/order/items/properties/eval_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data19.condition !== undefined){
let data21 = data19.condition;
if(!((((data21 === "with_skill") || (data21 === "without_skill")) || (data21 === "new_skill")) || (data21 === "old_skill"))){
const err59 = {instancePath:instancePath+"/order/" + i0+"/condition",schemaPath:"#/properties/order/items/properties/condition/enum",keyword:"enum",params:{allowedValues: schema11.properties.order.items.properties.condition.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data19.run !== undefined){
let data22 = data19.run;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err60 = {instancePath:instancePath+"/order/" + i0+"/run",schemaPath:"#/properties/order/items/properties/run/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 1 || isNaN(data22)){
const err61 = {instancePath:instancePath+"/order/" + i0+"/run",schemaPath:"#/properties/order/items/properties/run/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
}
else {
const err62 = {instancePath:instancePath+"/order/" + i0,schemaPath:"#/properties/order/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err63 = {instancePath:instancePath+"/order",schemaPath:"#/properties/order/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data.model !== undefined){
let data23 = data.model;
if((typeof data23 !== "string") && (data23 !== null)){
const err64 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: schema11.properties.model.type},message:"must be string,null"};
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
else {
const err65 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

