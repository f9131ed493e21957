// GENERATED from schemas/conversation.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/conversation.schema.json","title":"Scripted Conversation Completion","description":"Runner-owned completion artifact for one scripted multi-turn eval task.","type":"object","required":["status","delivered_followups","events"],"additionalProperties":false,"properties":{"status":{"type":"string","enum":["completed","stopped"]},"delivered_followups":{"type":"integer","minimum":0},"stop_reason":{"type":"string","enum":["agent_did_not_ask","agent_response_mismatch"]},"stopped_before_followup":{"type":"integer","minimum":1},"events":{"type":"array","minItems":2,"items":{"type":"object","required":["type"],"discriminator":{"propertyName":"type"},"oneOf":[{"$ref":"#/definitions/userMessage"},{"$ref":"#/definitions/assistantMessage"},{"$ref":"#/definitions/conversationTool"}]}}},"allOf":[{"if":{"properties":{"status":{"const":"stopped"}},"required":["status"]},"then":{"required":["stop_reason","stopped_before_followup"]}},{"if":{"properties":{"status":{"const":"completed"}},"required":["status"]},"then":{"not":{"anyOf":[{"required":["stop_reason"]},{"required":["stopped_before_followup"]}]}}}],"definitions":{"userMessage":{"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"user_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}},"assistantMessage":{"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"assistant_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}},"conversationTool":{"type":"object","required":["type","ordinal","round","name"],"additionalProperties":false,"properties":{"type":{"const":"tool_invocation"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"name":{"type":"string"},"args":{"type":["object","string","array","null"]},"result":{"type":["string","object","null"]}}}}};
const schema12 = {"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"user_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}};
const schema13 = {"type":"object","required":["type","ordinal","round","text"],"additionalProperties":false,"properties":{"type":{"const":"assistant_message"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"text":{"type":"string"}}};
const schema14 = {"type":"object","required":["type","ordinal","round","name"],"additionalProperties":false,"properties":{"type":{"const":"tool_invocation"},"ordinal":{"type":"integer","minimum":0},"round":{"type":"integer","minimum":1},"name":{"type":"string"},"args":{"type":["object","string","array","null"]},"result":{"type":["string","object","null"]}}};

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/conversation.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
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
let missing1;
if(((data.stop_reason === undefined) && (missing1 = "stop_reason")) || ((data.stopped_before_followup === undefined) && (missing1 = "stopped_before_followup"))){
validate10.errors = [{instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
validate10.errors = vErrors;
return false;
}
var valid0 = _errs1 === errors;
if(valid0){
const _errs6 = errors;
const _errs7 = errors;
let valid3 = true;
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.status === undefined) && (missing2 = "status")){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
else {
if(data.status !== undefined){
if("completed" !== data.status){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
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
let missing3;
if((data.stop_reason === undefined) && (missing3 = "stop_reason")){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
var _valid2 = _errs14 === errors;
valid6 = valid6 || _valid2;
if(!valid6){
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing4;
if((data.stopped_before_followup === undefined) && (missing4 = "stopped_before_followup")){
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
var _valid2 = _errs15 === errors;
valid6 = valid6 || _valid2;
}
if(!valid6){
const err7 = {};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
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
validate10.errors = [{instancePath,schemaPath:"#/allOf/1/then/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
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
const err8 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
validate10.errors = vErrors;
return false;
}
var valid0 = _errs6 === errors;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing5;
if((((data.status === undefined) && (missing5 = "status")) || ((data.delivered_followups === undefined) && (missing5 = "delivered_followups"))) || ((data.events === undefined) && (missing5 = "events"))){
validate10.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"}];
return false;
}
else {
const _errs16 = errors;
for(const key0 in data){
if(!(((((key0 === "status") || (key0 === "delivered_followups")) || (key0 === "stop_reason")) || (key0 === "stopped_before_followup")) || (key0 === "events"))){
validate10.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs16 === errors){
if(data.status !== undefined){
let data2 = data.status;
const _errs17 = errors;
if(typeof data2 !== "string"){
validate10.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data2 === "completed") || (data2 === "stopped"))){
validate10.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema11.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid7 = _errs17 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data.delivered_followups !== undefined){
let data3 = data.delivered_followups;
const _errs19 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
validate10.errors = [{instancePath:instancePath+"/delivered_followups",schemaPath:"#/properties/delivered_followups/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs19){
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
validate10.errors = [{instancePath:instancePath+"/delivered_followups",schemaPath:"#/properties/delivered_followups/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid7 = _errs19 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data.stop_reason !== undefined){
let data4 = data.stop_reason;
const _errs21 = errors;
if(typeof data4 !== "string"){
validate10.errors = [{instancePath:instancePath+"/stop_reason",schemaPath:"#/properties/stop_reason/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data4 === "agent_did_not_ask") || (data4 === "agent_response_mismatch"))){
validate10.errors = [{instancePath:instancePath+"/stop_reason",schemaPath:"#/properties/stop_reason/enum",keyword:"enum",params:{allowedValues: schema11.properties.stop_reason.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid7 = _errs21 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data.stopped_before_followup !== undefined){
let data5 = data.stopped_before_followup;
const _errs23 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
validate10.errors = [{instancePath:instancePath+"/stopped_before_followup",schemaPath:"#/properties/stopped_before_followup/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs23){
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
validate10.errors = [{instancePath:instancePath+"/stopped_before_followup",schemaPath:"#/properties/stopped_before_followup/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid7 = _errs23 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data.events !== undefined){
let data6 = data.events;
const _errs25 = errors;
if(errors === _errs25){
if(Array.isArray(data6)){
if(data6.length < 2){
validate10.errors = [{instancePath:instancePath+"/events",schemaPath:"#/properties/events/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
var valid8 = true;
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
const _errs27 = errors;
if(errors === _errs27){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing6;
if((data7.type === undefined) && (missing6 = "type")){
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/properties/events/items/required",keyword:"required",params:{missingProperty: missing6},message:"must have required property '"+missing6+"'"}];
return false;
}
else {
const tag0 = data7.type;
if(typeof tag0 == "string"){
if(tag0 === "user_message"){
const _errs31 = errors;
if(errors === _errs31){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing7;
if(((((data7.type === undefined) && (missing7 = "type")) || ((data7.ordinal === undefined) && (missing7 = "ordinal"))) || ((data7.round === undefined) && (missing7 = "round"))) || ((data7.text === undefined) && (missing7 = "text"))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'"}];
return false;
}
else {
const _errs33 = errors;
for(const key1 in data7){
if(!((((key1 === "type") || (key1 === "ordinal")) || (key1 === "round")) || (key1 === "text"))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs33 === errors){
if(data7.type !== undefined){
const _errs34 = errors;
if("user_message" !== data7.type){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/type",schemaPath:"#/definitions/userMessage/properties/type/const",keyword:"const",params:{allowedValue: "user_message"},message:"must be equal to constant"}];
return false;
}
var valid12 = _errs34 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data7.ordinal !== undefined){
let data9 = data7.ordinal;
const _errs35 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/userMessage/properties/ordinal/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs35){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/userMessage/properties/ordinal/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid12 = _errs35 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data7.round !== undefined){
let data10 = data7.round;
const _errs37 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/userMessage/properties/round/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs37){
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 1 || isNaN(data10)){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/userMessage/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid12 = _errs37 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data7.text !== undefined){
const _errs39 = errors;
if(typeof data7.text !== "string"){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/text",schemaPath:"#/definitions/userMessage/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid12 = _errs39 === errors;
}
else {
var valid12 = true;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/userMessage/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
else if(tag0 === "assistant_message"){
const _errs42 = errors;
if(errors === _errs42){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing8;
if(((((data7.type === undefined) && (missing8 = "type")) || ((data7.ordinal === undefined) && (missing8 = "ordinal"))) || ((data7.round === undefined) && (missing8 = "round"))) || ((data7.text === undefined) && (missing8 = "text"))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/required",keyword:"required",params:{missingProperty: missing8},message:"must have required property '"+missing8+"'"}];
return false;
}
else {
const _errs44 = errors;
for(const key2 in data7){
if(!((((key2 === "type") || (key2 === "ordinal")) || (key2 === "round")) || (key2 === "text"))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs44 === errors){
if(data7.type !== undefined){
const _errs45 = errors;
if("assistant_message" !== data7.type){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/type",schemaPath:"#/definitions/assistantMessage/properties/type/const",keyword:"const",params:{allowedValue: "assistant_message"},message:"must be equal to constant"}];
return false;
}
var valid15 = _errs45 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data7.ordinal !== undefined){
let data13 = data7.ordinal;
const _errs46 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/assistantMessage/properties/ordinal/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs46){
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/assistantMessage/properties/ordinal/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid15 = _errs46 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data7.round !== undefined){
let data14 = data7.round;
const _errs48 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/assistantMessage/properties/round/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs48){
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 1 || isNaN(data14)){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/assistantMessage/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid15 = _errs48 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data7.text !== undefined){
const _errs50 = errors;
if(typeof data7.text !== "string"){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/text",schemaPath:"#/definitions/assistantMessage/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid15 = _errs50 === errors;
}
else {
var valid15 = true;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/assistantMessage/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
else if(tag0 === "tool_invocation"){
const _errs53 = errors;
if(errors === _errs53){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing9;
if(((((data7.type === undefined) && (missing9 = "type")) || ((data7.ordinal === undefined) && (missing9 = "ordinal"))) || ((data7.round === undefined) && (missing9 = "round"))) || ((data7.name === undefined) && (missing9 = "name"))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'"}];
return false;
}
else {
const _errs55 = errors;
for(const key3 in data7){
if(!((((((key3 === "type") || (key3 === "ordinal")) || (key3 === "round")) || (key3 === "name")) || (key3 === "args")) || (key3 === "result"))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs55 === errors){
if(data7.type !== undefined){
const _errs56 = errors;
if("tool_invocation" !== data7.type){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/type",schemaPath:"#/definitions/conversationTool/properties/type/const",keyword:"const",params:{allowedValue: "tool_invocation"},message:"must be equal to constant"}];
return false;
}
var valid18 = _errs56 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data7.ordinal !== undefined){
let data17 = data7.ordinal;
const _errs57 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/conversationTool/properties/ordinal/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs57){
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/ordinal",schemaPath:"#/definitions/conversationTool/properties/ordinal/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid18 = _errs57 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data7.round !== undefined){
let data18 = data7.round;
const _errs59 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/conversationTool/properties/round/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs59){
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 1 || isNaN(data18)){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/round",schemaPath:"#/definitions/conversationTool/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid18 = _errs59 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data7.name !== undefined){
const _errs61 = errors;
if(typeof data7.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/name",schemaPath:"#/definitions/conversationTool/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid18 = _errs61 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data7.args !== undefined){
let data20 = data7.args;
const _errs63 = errors;
if((typeof data20 != "object") && (typeof data20 !== "string")){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/args",schemaPath:"#/definitions/conversationTool/properties/args/type",keyword:"type",params:{type: schema14.properties.args.type},message:"must be object,string,array,null"}];
return false;
}
var valid18 = _errs63 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data7.result !== undefined){
let data21 = data7.result;
const _errs65 = errors;
if(((typeof data21 !== "string") && (!(data21 && typeof data21 == "object" && !Array.isArray(data21)))) && (data21 !== null)){
validate10.errors = [{instancePath:instancePath+"/events/" + i0+"/result",schemaPath:"#/definitions/conversationTool/properties/result/type",keyword:"type",params:{type: schema14.properties.result.type},message:"must be string,object,null"}];
return false;
}
var valid18 = _errs65 === errors;
}
else {
var valid18 = true;
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/definitions/conversationTool/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/properties/events/items/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/properties/events/items/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string"}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/events/" + i0,schemaPath:"#/properties/events/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs27 === errors;
if(!valid8){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/events",schemaPath:"#/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid7 = _errs25 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

