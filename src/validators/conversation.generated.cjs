// GENERATED from schemas/conversation.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/conversation.schema.json","title":"Scripted Conversation Completion","description":"Runner-owned completion artifact for one scripted multi-turn eval task.","type":"object","required":["status","delivered_followups","events"],"additionalProperties":false,"properties":{"status":{"type":"string","enum":["completed","stopped"]},"delivered_followups":{"type":"integer","minimum":0},"stop_reason":{"type":"string","enum":["agent_did_not_ask","agent_response_mismatch"]},"stopped_before_followup":{"type":"integer","minimum":1},"events":{"type":"array","minItems":2,"items":{"oneOf":[{"$ref":"#/definitions/userMessage"},{"$ref":"#/definitions/assistantMessage"},{"$ref":"#/definitions/conversationTool"}]}}},"allOf":[{"if":{"properties":{"status":{"const":"stopped"}},"required":["status"]},"then":{"required":["stop_reason","stopped_before_followup"]}},{"if":{"properties":{"status":{"const":"completed"}},"required":["status"]},"then":{"not":{"anyOf":[{"required":["stop_reason"]},{"required":["stopped_before_followup"]}]}}}],"definitions":{"userMessage":{"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"user_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}},"assistantMessage":{"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"assistant_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}},"conversationTool":{"type":"object","required":["type","ordinal","round","name"],"additionalProperties":false,"properties":{"type":{"const":"tool_invocation"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"name":{"type":"string"},"args":{"type":["object","string","array","null"]},"result":{"type":["string","object","null"]}}}}};
const schema12 = {"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"user_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}};
const schema13 = {"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"assistant_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}};
const schema14 = {"type":"object","required":["type","ordinal","round","name"],"additionalProperties":false,"properties":{"type":{"const":"tool_invocation"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"name":{"type":"string"},"args":{"type":["object","string","array","null"]},"result":{"type":["string","object","null"]}}};

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/conversation.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.status === undefined) && (missing0 = "status")){
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
if(data.status !== undefined){
if("stopped" !== data.status){
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
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.stop_reason === undefined){
const err2 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "stop_reason"},message:"must have required property '"+"stop_reason"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.stopped_before_followup === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "stopped_before_followup"},message:"must have required property '"+"stopped_before_followup"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
}
if(!valid1){
const err4 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs7 = errors;
let valid3 = true;
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.status === undefined) && (missing1 = "status")){
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
if(data.status !== undefined){
if("completed" !== data.status){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
var _valid1 = _errs8 === errors;
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs10 = errors;
const _errs11 = errors;
const _errs12 = errors;
const _errs13 = errors;
let valid6 = false;
const _errs14 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.stop_reason === undefined) && (missing2 = "stop_reason")){
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
var _valid2 = _errs14 === errors;
valid6 = valid6 || _valid2;
if(!valid6){
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing3;
if((data.stopped_before_followup === undefined) && (missing3 = "stopped_before_followup")){
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
var _valid2 = _errs15 === errors;
valid6 = valid6 || _valid2;
}
if(!valid6){
const err9 = {};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
}
var valid5 = _errs12 === errors;
if(valid5){
const err10 = {instancePath,schemaPath:"#/allOf/1/then/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
var _valid1 = _errs10 === errors;
valid3 = _valid1;
}
if(!valid3){
const err11 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.delivered_followups === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "delivered_followups"},message:"must have required property '"+"delivered_followups"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.events === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "events"},message:"must have required property '"+"events"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "status") || (key0 === "delivered_followups")) || (key0 === "stop_reason")) || (key0 === "stopped_before_followup")) || (key0 === "events"))){
const err15 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.status !== undefined){
let data2 = data.status;
if(typeof data2 !== "string"){
const err16 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!((data2 === "completed") || (data2 === "stopped"))){
const err17 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema11.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.delivered_followups !== undefined){
let data3 = data.delivered_followups;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err18 = {instancePath:instancePath+"/delivered_followups",schemaPath:"#/properties/delivered_followups/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err19 = {instancePath:instancePath+"/delivered_followups",schemaPath:"#/properties/delivered_followups/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
if(data.stop_reason !== undefined){
let data4 = data.stop_reason;
if(typeof data4 !== "string"){
const err20 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/properties/stop_reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!((data4 === "agent_did_not_ask") || (data4 === "agent_response_mismatch"))){
const err21 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/properties/stop_reason/enum",keyword:"enum",params:{allowedValues: schema11.properties.stop_reason.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.stopped_before_followup !== undefined){
let data5 = data.stopped_before_followup;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err22 = {instancePath:instancePath+"/stopped_before_followup",schemaPath:"#/properties/stopped_before_followup/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err23 = {instancePath:instancePath+"/stopped_before_followup",schemaPath:"#/properties/stopped_before_followup/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
if(data.events !== undefined){
let data6 = data.events;
if(Array.isArray(data6)){
if(data6.length < 2){
const err24 = {instancePath:instancePath+"/events",schemaPath:"#/properties/events/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
const _errs28 = errors;
let valid10 = false;
let passing0 = null;
const _errs29 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.type === undefined){
const err25 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data7.ordinal === undefined){
const err26 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/required",keyword:"required",params:{missingProperty: "ordinal"},message:"must have required property '"+"ordinal"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data7.round === undefined){
const err27 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/required",keyword:"required",params:{missingProperty: "round"},message:"must have required property '"+"round"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data7.text === undefined){
const err28 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key1 in data7){
if(!((((key1 === "type") || (key1 === "ordinal")) || (key1 === "round")) || (key1 === "text"))){
const err29 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data7.type !== undefined){
if("user_message" !== data7.type){
const err30 = {instancePath:instancePath+"/events/" + i0+"/type",schemaPath:"#/definitions/userMessage/properties/type/const",keyword:"const",params:{allowedValue: "user_message"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data7.ordinal !== undefined){
let data9 = data7.ordinal;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err31 = {instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/userMessage/properties/ordinal/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err32 = {instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/userMessage/properties/ordinal/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data7.round !== undefined){
let data10 = data7.round;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err33 = {instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/userMessage/properties/round/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 1 || isNaN(data10)){
const err34 = {instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/userMessage/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
if(data7.text !== undefined){
if(typeof data7.text !== "string"){
const err35 = {instancePath:instancePath+"/events/" + i0+"/text",schemaPath:"#/definitions/userMessage/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err36 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var _valid3 = _errs29 === errors;
if(_valid3){
valid10 = true;
passing0 = 0;
}
const _errs40 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.type === undefined){
const err37 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data7.ordinal === undefined){
const err38 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/required",keyword:"required",params:{missingProperty: "ordinal"},message:"must have required property '"+"ordinal"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data7.round === undefined){
const err39 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/required",keyword:"required",params:{missingProperty: "round"},message:"must have required property '"+"round"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data7.text === undefined){
const err40 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
for(const key2 in data7){
if(!((((key2 === "type") || (key2 === "ordinal")) || (key2 === "round")) || (key2 === "text"))){
const err41 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data7.type !== undefined){
if("assistant_message" !== data7.type){
const err42 = {instancePath:instancePath+"/events/" + i0+"/type",schemaPath:"#/definitions/assistantMessage/properties/type/const",keyword:"const",params:{allowedValue: "assistant_message"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data7.ordinal !== undefined){
let data13 = data7.ordinal;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err43 = {instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/assistantMessage/properties/ordinal/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err44 = {instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/assistantMessage/properties/ordinal/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data7.round !== undefined){
let data14 = data7.round;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err45 = {instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/assistantMessage/properties/round/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 1 || isNaN(data14)){
const err46 = {instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/assistantMessage/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
if(data7.text !== undefined){
if(typeof data7.text !== "string"){
const err47 = {instancePath:instancePath+"/events/" + i0+"/text",schemaPath:"#/definitions/assistantMessage/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
var _valid3 = _errs40 === errors;
if(_valid3 && valid10){
valid10 = false;
passing0 = [passing0, 1];
}
else {
if(_valid3){
valid10 = true;
passing0 = 1;
}
const _errs51 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.type === undefined){
const err49 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data7.ordinal === undefined){
const err50 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/required",keyword:"required",params:{missingProperty: "ordinal"},message:"must have required property '"+"ordinal"+"'"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(data7.round === undefined){
const err51 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/required",keyword:"required",params:{missingProperty: "round"},message:"must have required property '"+"round"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data7.name === undefined){
const err52 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
for(const key3 in data7){
if(!((((((key3 === "type") || (key3 === "ordinal")) || (key3 === "round")) || (key3 === "name")) || (key3 === "args")) || (key3 === "result"))){
const err53 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data7.type !== undefined){
if("tool_invocation" !== data7.type){
const err54 = {instancePath:instancePath+"/events/" + i0+"/type",schemaPath:"#/definitions/conversationTool/properties/type/const",keyword:"const",params:{allowedValue: "tool_invocation"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data7.ordinal !== undefined){
let data17 = data7.ordinal;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err55 = {instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/conversationTool/properties/ordinal/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err56 = {instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/conversationTool/properties/ordinal/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data7.round !== undefined){
let data18 = data7.round;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err57 = {instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/conversationTool/properties/round/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 1 || isNaN(data18)){
const err58 = {instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/conversationTool/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
if(data7.name !== undefined){
if(typeof data7.name !== "string"){
const err59 = {instancePath:instancePath+"/events/" + i0+"/name",schemaPath:"#/definitions/conversationTool/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data7.args !== undefined){
let data20 = data7.args;
if((typeof data20 != "object") && (typeof data20 !== "string")){
const err60 = {instancePath:instancePath+"/events/" + i0+"/args",schemaPath:"#/definitions/conversationTool/properties/args/type",keyword:"type",params:{type: schema14.properties.args.type},message:"must be object,string,array,null"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data7.result !== undefined){
let data21 = data7.result;
if(((typeof data21 !== "string") && (!(data21 && typeof data21 == "object" && !Array.isArray(data21)))) && (data21 !== null)){
const err61 = {instancePath:instancePath+"/events/" + i0+"/result",schemaPath:"#/definitions/conversationTool/properties/result/type",keyword:"type",params:{type: schema14.properties.result.type},message:"must be string,object,null"};
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
else {
const err62 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid3 = _errs51 === errors;
if(_valid3 && valid10){
valid10 = false;
passing0 = [passing0, 2];
}
else {
if(_valid3){
valid10 = true;
passing0 = 2;
}
}
}
if(!valid10){
const err63 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/properties/events/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
else {
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err64 = {instancePath:instancePath+"/events",schemaPath:"#/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"};
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

