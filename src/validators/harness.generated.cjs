// GENERATED from schemas/harness.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/harness.schema.json","title":"eval-magic harness descriptor","description":"How `eval-magic run` starts one agent CLI for a round and reads its event stream. Argv templates are arrays of strings; each element is one argument (no shell, no quoting). Placeholders, replaced inside any element in one pass: {prompt} (the round's user text; with prompt_via \"argv\" it must be the whole last element, with \"stdin\" it must not appear), {session_id} (round 1's session id; resume templates only), {cwd} (the task folder, absolute), {outputs_dir} (the round folder <out>/turn-<r>, absolute), {round} (the round number), {model} (model_args only). The element \"{model_args}\" is replaced by the model_args elements when --model is given and removed otherwise.","type":"object","required":["name","executable","argv","resume_argv","model_args","events_file","stderr_file","parser"],"additionalProperties":false,"properties":{"$schema":{"type":"string"},"name":{"description":"Short name shown in progress lines and `harness list`.","type":"string","pattern":"^[a-z0-9][a-z0-9._-]*$"},"description":{"type":"string"},"executable":{"description":"Program to start: a command name looked up on PATH, or a path (relative paths are relative to the descriptor file).","type":"string","minLength":1},"prompt_via":{"description":"How the round's text reaches the agent: \"argv\" (the last argument, the element \"{prompt}\") or \"stdin\" (written to the agent's standard input, which is then closed; no argument carries it). Use stdin for a CLI that alters arguments (OpenCode quotes those with spaces) or for texts longer than one argument may be.","enum":["argv","stdin"],"default":"argv"},"env":{"description":"Environment variables set for the agent on every round, over the environment eval-magic runs in (e.g. {\"IS_SANDBOX\": \"1\"}).","type":"object","propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"},"additionalProperties":{"type":"string","pattern":"^[^\\u0000]*$"}},"tested_versions":{"description":"CLI versions this descriptor is known to work with, as `<executable> --version` prints them; `harness check` warns about any other version.","type":"array","items":{"type":"string","minLength":1},"uniqueItems":true},"argv":{"description":"Arguments for round 1 (after the executable). With prompt_via \"argv\" it must end with the element \"{prompt}\".","$ref":"#/definitions/argvTemplate"},"resume_argv":{"description":"Arguments for a resumed round (after the executable). Must contain {session_id}; with prompt_via \"argv\" it must end with the element \"{prompt}\".","$ref":"#/definitions/argvTemplate"},"model_args":{"description":"Elements spliced in at \"{model_args}\" when a model is given (e.g. [\"--model\", \"{model}\"]); every round gets them.","type":"array","items":{"type":"string"}},"events_file":{"description":"File name, inside each round folder, that receives the agent's stdout byte for byte.","$ref":"#/definitions/fileName"},"stderr_file":{"description":"File name, inside each round folder, that receives the agent's stderr.","$ref":"#/definitions/fileName"},"parser":{"description":"Stream parser that reads the events file.","enum":["claude-stream-json","codex-json","opencode-events"]},"harness_paths":{"description":"Folders of the task (relative to it) that are the harness's own — its skills and config folders, which it may create or write in either arm. No diff counts them (diff_scope, the run's diff.patch); `.git` never counts anyway. Default: the first level of skills_dir.","type":"array","items":{"$ref":"#/definitions/relativeFolder"}},"skills_dir":{"description":"Where `eval-magic campaign` stages a skill: a folder relative to the task folder; the skill is copied to <skills_dir>/<name>/ (e.g. \".claude/skills\"). Without it, campaign cannot run a skill condition with this harness.","$ref":"#/definitions/relativeFolder"},"skill_search_dirs":{"description":"Every folder, relative to the task folder (and to each folder above it), in which the CLI finds project skills; skills_dir is always one of them. Campaign refuses to start when the skill under test is already in one of them for the control arm.","type":"array","items":{"$ref":"#/definitions/relativeFolder"},"uniqueItems":true},"user_skills_dirs":{"description":"The CLI's user-level skill folders: \"~/<path>\" (under HOME), \"$NAME/<path>\" (under an environment variable; skipped when it is unset) or \"/<path>\" (a system folder, such as managed skills). Campaign refuses to start when the skill under test is in one of them, since the control arm would see it.","type":"array","items":{"type":"string","pattern":"^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"},"uniqueItems":true},"session_stores":{"description":"The folders where the CLI keeps its sessions (transcripts, logs) under HOME or elsewhere, written like user_skills_dirs (\"~/<path>\", \"$NAME/<path>\", \"/<path>\"; \"{uid}\" is the user's id). Where campaign and judge hide what an agent must not see, each session gets a private folder of its own mounted at each of them, kept across its own rounds only: no session reads another's transcript. Login and settings files stay shared.","type":"array","items":{"type":"string","pattern":"^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"},"uniqueItems":true},"session_store_env":{"description":"Variables that move the rest of the CLI's session store (files that sit beside its login files, such as a database) into the session's private folder: set in the agent's environment, \"{store}\" replaced by that folder's path, only where session_stores are mounted.","type":"object","propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"},"additionalProperties":{"type":"string","pattern":"^\\{store\\}(/(?!\\.\\.?(/|$))[^\\u0000/]+)*$"}},"instruction_files":{"description":"The CLI's user-level instruction files and folders, which it puts into the system prompt of every session (Claude Code's ~/.claude/CLAUDE.md and ~/.claude/agents, Codex's $CODEX_HOME/AGENTS.md), written like session_stores. Where campaign and judge hide what an agent must not see, each that exists when a session starts is bound read-only onto itself in the session's namespace (a folder with everything below it), so no session can leave instructions there for a later one, of either arm; a missing one is never made (a bind needs its mount point): campaign compares every one's state (a folder's tree digest) after each run with the state its iteration's first command recorded, and marks the run's isolation invalid when one changed.","type":"array","items":{"type":"string","pattern":"^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"},"uniqueItems":true},"config_folders":{"description":"The CLI's own config folders, where it keeps its login and rewrites it when it renews it (Codex's ~/.codex/auth.json, Claude Code's ~/.claude/.credentials.json, OpenCode's ~/.local/share/opencode/auth.json), written like session_stores (or a variable alone: \"$CODEX_HOME\"). Where campaign and judge give each session a HOME of its own (an overlay on the real one), each that exists under HOME is the real folder in the session too, shared and writable by every session, so a renewed login reaches the next session and the user; the session stores and read-only instruction files inside it still apply. Without it, all of HOME is each session's own, and a login the CLI renews stays in the session that renewed it.","type":"array","items":{"type":"string","pattern":"^(\\$[A-Za-z_][A-Za-z0-9_]*|(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+)$"},"uniqueItems":true},"serialize_first_start":{"description":"true: campaign starts the first agent session alone and the others only once its first round has ended (for a CLI whose first start on a fresh HOME sets up state that parallel starts race on, as OpenCode's database migration does). That run's run.json says started_alone, and compare leaves its duration out of duration_ms.","type":"boolean","default":false}},"definitions":{"argvTemplate":{"type":"array","minItems":1,"items":{"type":"string"}},"relativeFolder":{"type":"string","pattern":"^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"},"fileName":{"type":"string","pattern":"^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"}}};
const schema12 = {"type":"array","minItems":1,"items":{"type":"string"}};
const schema14 = {"type":"string","pattern":"^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"};
const schema16 = {"type":"string","pattern":"^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"};
const func2 = Object.prototype.hasOwnProperty;
const func3 = require("ajv/dist/runtime/ucs2length").default;
const func0 = require("ajv/dist/runtime/equal").default;
const pattern0 = new RegExp("^[a-z0-9][a-z0-9._-]*$", "u");
const pattern1 = new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");
const pattern2 = new RegExp("^[^\\u0000]*$", "u");
const pattern3 = new RegExp("^(?!\\.{1,2}$)[A-Za-z0-9._-]+$", "u");
const pattern5 = new RegExp("^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$", "u");
const pattern8 = new RegExp("^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$", "u");
const pattern11 = new RegExp("^\\{store\\}(/(?!\\.\\.?(/|$))[^\\u0000/]+)*$", "u");
const pattern13 = new RegExp("^(\\$[A-Za-z_][A-Za-z0-9_]*|(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+)$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/harness.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.executable === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "executable"},message:"must have required property '"+"executable"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.argv === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "argv"},message:"must have required property '"+"argv"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.resume_argv === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "resume_argv"},message:"must have required property '"+"resume_argv"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.model_args === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model_args"},message:"must have required property '"+"model_args"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.events_file === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "events_file"},message:"must have required property '"+"events_file"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.stderr_file === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stderr_file"},message:"must have required property '"+"stderr_file"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.parser === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "parser"},message:"must have required property '"+"parser"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.$schema !== undefined){
if(typeof data.$schema !== "string"){
const err9 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern0.test(data1)){
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9._-]*$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9._-]*$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err12 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.executable !== undefined){
let data3 = data.executable;
if(typeof data3 === "string"){
if(func3(data3) < 1){
const err13 = {instancePath:instancePath+"/executable",schemaPath:"#/properties/executable/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err14 = {instancePath:instancePath+"/executable",schemaPath:"#/properties/executable/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.prompt_via !== undefined){
let data4 = data.prompt_via;
if(!((data4 === "argv") || (data4 === "stdin"))){
const err15 = {instancePath:instancePath+"/prompt_via",schemaPath:"#/properties/prompt_via/enum",keyword:"enum",params:{allowedValues: schema11.properties.prompt_via.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.env !== undefined){
let data5 = data.env;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
for(const key1 in data5){
const _errs13 = errors;
if(typeof key1 === "string"){
if(!pattern1.test(key1)){
const err16 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
var valid1 = _errs13 === errors;
if(!valid1){
const err17 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
for(const key2 in data5){
let data6 = data5[key2];
if(typeof data6 === "string"){
if(!pattern2.test(data6)){
const err18 = {instancePath:instancePath+"/env/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/env/additionalProperties/pattern",keyword:"pattern",params:{pattern: "^[^\\u0000]*$"},message:"must match pattern \""+"^[^\\u0000]*$"+"\""};
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
const err19 = {instancePath:instancePath+"/env/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/env/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err20 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.tested_versions !== undefined){
let data7 = data.tested_versions;
if(Array.isArray(data7)){
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
if(typeof data8 === "string"){
if(func3(data8) < 1){
const err21 = {instancePath:instancePath+"/tested_versions/" + i0,schemaPath:"#/properties/tested_versions/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/tested_versions/" + i0,schemaPath:"#/properties/tested_versions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
let i1 = data7.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data7[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err23 = {instancePath:instancePath+"/tested_versions",schemaPath:"#/properties/tested_versions/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err24 = {instancePath:instancePath+"/tested_versions",schemaPath:"#/properties/tested_versions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.argv !== undefined){
let data9 = data.argv;
if(Array.isArray(data9)){
if(data9.length < 1){
const err25 = {instancePath:instancePath+"/argv",schemaPath:"#/definitions/argvTemplate/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const len1 = data9.length;
for(let i2=0; i2<len1; i2++){
if(typeof data9[i2] !== "string"){
const err26 = {instancePath:instancePath+"/argv/" + i2,schemaPath:"#/definitions/argvTemplate/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err27 = {instancePath:instancePath+"/argv",schemaPath:"#/definitions/argvTemplate/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.resume_argv !== undefined){
let data11 = data.resume_argv;
if(Array.isArray(data11)){
if(data11.length < 1){
const err28 = {instancePath:instancePath+"/resume_argv",schemaPath:"#/definitions/argvTemplate/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const len2 = data11.length;
for(let i3=0; i3<len2; i3++){
if(typeof data11[i3] !== "string"){
const err29 = {instancePath:instancePath+"/resume_argv/" + i3,schemaPath:"#/definitions/argvTemplate/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err30 = {instancePath:instancePath+"/resume_argv",schemaPath:"#/definitions/argvTemplate/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.model_args !== undefined){
let data13 = data.model_args;
if(Array.isArray(data13)){
const len3 = data13.length;
for(let i4=0; i4<len3; i4++){
if(typeof data13[i4] !== "string"){
const err31 = {instancePath:instancePath+"/model_args/" + i4,schemaPath:"#/properties/model_args/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err32 = {instancePath:instancePath+"/model_args",schemaPath:"#/properties/model_args/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.events_file !== undefined){
let data15 = data.events_file;
if(typeof data15 === "string"){
if(!pattern3.test(data15)){
const err33 = {instancePath:instancePath+"/events_file",schemaPath:"#/definitions/fileName/pattern",keyword:"pattern",params:{pattern: "^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"},message:"must match pattern \""+"^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"+"\""};
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
const err34 = {instancePath:instancePath+"/events_file",schemaPath:"#/definitions/fileName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.stderr_file !== undefined){
let data16 = data.stderr_file;
if(typeof data16 === "string"){
if(!pattern3.test(data16)){
const err35 = {instancePath:instancePath+"/stderr_file",schemaPath:"#/definitions/fileName/pattern",keyword:"pattern",params:{pattern: "^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"},message:"must match pattern \""+"^(?!\\.{1,2}$)[A-Za-z0-9._-]+$"+"\""};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/stderr_file",schemaPath:"#/definitions/fileName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.parser !== undefined){
let data17 = data.parser;
if(!(((data17 === "claude-stream-json") || (data17 === "codex-json")) || (data17 === "opencode-events"))){
const err37 = {instancePath:instancePath+"/parser",schemaPath:"#/properties/parser/enum",keyword:"enum",params:{allowedValues: schema11.properties.parser.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.harness_paths !== undefined){
let data18 = data.harness_paths;
if(Array.isArray(data18)){
const len4 = data18.length;
for(let i5=0; i5<len4; i5++){
let data19 = data18[i5];
if(typeof data19 === "string"){
if(!pattern5.test(data19)){
const err38 = {instancePath:instancePath+"/harness_paths/" + i5,schemaPath:"#/definitions/relativeFolder/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"},message:"must match pattern \""+"^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/harness_paths/" + i5,schemaPath:"#/definitions/relativeFolder/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err40 = {instancePath:instancePath+"/harness_paths",schemaPath:"#/properties/harness_paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.skills_dir !== undefined){
let data20 = data.skills_dir;
if(typeof data20 === "string"){
if(!pattern5.test(data20)){
const err41 = {instancePath:instancePath+"/skills_dir",schemaPath:"#/definitions/relativeFolder/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"},message:"must match pattern \""+"^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/skills_dir",schemaPath:"#/definitions/relativeFolder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.skill_search_dirs !== undefined){
let data21 = data.skill_search_dirs;
if(Array.isArray(data21)){
const len5 = data21.length;
for(let i6=0; i6<len5; i6++){
let data22 = data21[i6];
if(typeof data22 === "string"){
if(!pattern5.test(data22)){
const err43 = {instancePath:instancePath+"/skill_search_dirs/" + i6,schemaPath:"#/definitions/relativeFolder/pattern",keyword:"pattern",params:{pattern: "^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"},message:"must match pattern \""+"^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/skill_search_dirs/" + i6,schemaPath:"#/definitions/relativeFolder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
let i7 = data21.length;
let j1;
if(i7 > 1){
outer0:
for(;i7--;){
for(j1 = i7; j1--;){
if(func0(data21[i7], data21[j1])){
const err45 = {instancePath:instancePath+"/skill_search_dirs",schemaPath:"#/properties/skill_search_dirs/uniqueItems",keyword:"uniqueItems",params:{i: i7, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i7+" are identical)"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err46 = {instancePath:instancePath+"/skill_search_dirs",schemaPath:"#/properties/skill_search_dirs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.user_skills_dirs !== undefined){
let data23 = data.user_skills_dirs;
if(Array.isArray(data23)){
const len6 = data23.length;
for(let i8=0; i8<len6; i8++){
let data24 = data23[i8];
if(typeof data24 === "string"){
if(!pattern8.test(data24)){
const err47 = {instancePath:instancePath+"/user_skills_dirs/" + i8,schemaPath:"#/properties/user_skills_dirs/items/pattern",keyword:"pattern",params:{pattern: "^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"},message:"must match pattern \""+"^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/user_skills_dirs/" + i8,schemaPath:"#/properties/user_skills_dirs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
let i9 = data23.length;
let j2;
if(i9 > 1){
const indices1 = {};
for(;i9--;){
let item1 = data23[i9];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j2 = indices1[item1];
const err49 = {instancePath:instancePath+"/user_skills_dirs",schemaPath:"#/properties/user_skills_dirs/uniqueItems",keyword:"uniqueItems",params:{i: i9, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i9+" are identical)"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
break;
}
indices1[item1] = i9;
}
}
}
else {
const err50 = {instancePath:instancePath+"/user_skills_dirs",schemaPath:"#/properties/user_skills_dirs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.session_stores !== undefined){
let data25 = data.session_stores;
if(Array.isArray(data25)){
const len7 = data25.length;
for(let i10=0; i10<len7; i10++){
let data26 = data25[i10];
if(typeof data26 === "string"){
if(!pattern8.test(data26)){
const err51 = {instancePath:instancePath+"/session_stores/" + i10,schemaPath:"#/properties/session_stores/items/pattern",keyword:"pattern",params:{pattern: "^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"},message:"must match pattern \""+"^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/session_stores/" + i10,schemaPath:"#/properties/session_stores/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
let i11 = data25.length;
let j3;
if(i11 > 1){
const indices2 = {};
for(;i11--;){
let item2 = data25[i11];
if(typeof item2 !== "string"){
continue;
}
if(typeof indices2[item2] == "number"){
j3 = indices2[item2];
const err53 = {instancePath:instancePath+"/session_stores",schemaPath:"#/properties/session_stores/uniqueItems",keyword:"uniqueItems",params:{i: i11, j: j3},message:"must NOT have duplicate items (items ## "+j3+" and "+i11+" are identical)"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
break;
}
indices2[item2] = i11;
}
}
}
else {
const err54 = {instancePath:instancePath+"/session_stores",schemaPath:"#/properties/session_stores/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.session_store_env !== undefined){
let data27 = data.session_store_env;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
for(const key3 in data27){
const _errs65 = errors;
if(typeof key3 === "string"){
if(!pattern1.test(key3)){
const err55 = {instancePath:instancePath+"/session_store_env",schemaPath:"#/properties/session_store_env/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\"",propertyName:key3};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
var valid30 = _errs65 === errors;
if(!valid30){
const err56 = {instancePath:instancePath+"/session_store_env",schemaPath:"#/properties/session_store_env/propertyNames",keyword:"propertyNames",params:{propertyName: key3},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
for(const key4 in data27){
let data28 = data27[key4];
if(typeof data28 === "string"){
if(!pattern11.test(data28)){
const err57 = {instancePath:instancePath+"/session_store_env/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/session_store_env/additionalProperties/pattern",keyword:"pattern",params:{pattern: "^\\{store\\}(/(?!\\.\\.?(/|$))[^\\u0000/]+)*$"},message:"must match pattern \""+"^\\{store\\}(/(?!\\.\\.?(/|$))[^\\u0000/]+)*$"+"\""};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/session_store_env/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/session_store_env/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err59 = {instancePath:instancePath+"/session_store_env",schemaPath:"#/properties/session_store_env/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.instruction_files !== undefined){
let data29 = data.instruction_files;
if(Array.isArray(data29)){
const len8 = data29.length;
for(let i12=0; i12<len8; i12++){
let data30 = data29[i12];
if(typeof data30 === "string"){
if(!pattern8.test(data30)){
const err60 = {instancePath:instancePath+"/instruction_files/" + i12,schemaPath:"#/properties/instruction_files/items/pattern",keyword:"pattern",params:{pattern: "^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"},message:"must match pattern \""+"^(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/instruction_files/" + i12,schemaPath:"#/properties/instruction_files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
let i13 = data29.length;
let j4;
if(i13 > 1){
const indices3 = {};
for(;i13--;){
let item3 = data29[i13];
if(typeof item3 !== "string"){
continue;
}
if(typeof indices3[item3] == "number"){
j4 = indices3[item3];
const err62 = {instancePath:instancePath+"/instruction_files",schemaPath:"#/properties/instruction_files/uniqueItems",keyword:"uniqueItems",params:{i: i13, j: j4},message:"must NOT have duplicate items (items ## "+j4+" and "+i13+" are identical)"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
break;
}
indices3[item3] = i13;
}
}
}
else {
const err63 = {instancePath:instancePath+"/instruction_files",schemaPath:"#/properties/instruction_files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data.config_folders !== undefined){
let data31 = data.config_folders;
if(Array.isArray(data31)){
const len9 = data31.length;
for(let i14=0; i14<len9; i14++){
let data32 = data31[i14];
if(typeof data32 === "string"){
if(!pattern13.test(data32)){
const err64 = {instancePath:instancePath+"/config_folders/" + i14,schemaPath:"#/properties/config_folders/items/pattern",keyword:"pattern",params:{pattern: "^(\\$[A-Za-z_][A-Za-z0-9_]*|(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+)$"},message:"must match pattern \""+"^(\\$[A-Za-z_][A-Za-z0-9_]*|(~|\\$[A-Za-z_][A-Za-z0-9_]*)?(?!.*/\\.\\.(/|$))/[^\\u0000]+)$"+"\""};
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
const err65 = {instancePath:instancePath+"/config_folders/" + i14,schemaPath:"#/properties/config_folders/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
let i15 = data31.length;
let j5;
if(i15 > 1){
const indices4 = {};
for(;i15--;){
let item4 = data31[i15];
if(typeof item4 !== "string"){
continue;
}
if(typeof indices4[item4] == "number"){
j5 = indices4[item4];
const err66 = {instancePath:instancePath+"/config_folders",schemaPath:"#/properties/config_folders/uniqueItems",keyword:"uniqueItems",params:{i: i15, j: j5},message:"must NOT have duplicate items (items ## "+j5+" and "+i15+" are identical)"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
break;
}
indices4[item4] = i15;
}
}
}
else {
const err67 = {instancePath:instancePath+"/config_folders",schemaPath:"#/properties/config_folders/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data.serialize_first_start !== undefined){
if(typeof data.serialize_first_start !== "boolean"){
const err68 = {instancePath:instancePath+"/serialize_first_start",schemaPath:"#/properties/serialize_first_start/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
const err69 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

