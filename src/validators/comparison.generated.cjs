// GENERATED from schemas/comparison.schema.json by scripts/build-validators.ts. Do not edit:
// change the schema, then run `npm run build:schemas`.
"use strict";
module.exports = validate10;
module.exports.default = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://slow-powers.dev/schemas/comparison.schema.json","title":"Comparison of two conditions","description":"`eval-magic compare --format json`: validity first, then per eval each assertion's pass counts, rates and Wilson intervals per condition, the delta with its Newcombe interval, the Fisher p and the Holm-adjusted p, what these runs could have detected, the behaviour metrics, and an exact stratified test across evals on runs. docs/compare.md explains every number. Per-condition objects are keyed by the condition's name (see `conditions`).","type":"object","required":["schema_version","tool","conditions","alpha","family_size","validity","evals","overall","usage","iterations","excluded_count"],"additionalProperties":false,"definitions":{"usage":{"type":"object","description":"Per condition: what the counted runs spent, from run.json. Medians and the test between conditions are the tokens_total and cost_usd metric rows.","additionalProperties":{"type":"object","required":["runs","token_runs","tokens","cost_runs","cost_usd","cost_per_passed_assertion"],"additionalProperties":false,"properties":{"runs":{"type":"integer","minimum":0,"description":"Runs counted."},"token_runs":{"type":"integer","minimum":0,"description":"Of those, runs whose run.json reports tokens."},"tokens":{"type":"object","description":"Token counts summed over the runs, by kind; null when no run reported that kind (unknown, never 0).","required":["input","output","cache_read","cache_write","reasoning"],"additionalProperties":false,"properties":{"input":{"type":["number","null"],"minimum":0},"output":{"type":["number","null"],"minimum":0},"cache_read":{"type":["number","null"],"minimum":0},"cache_write":{"type":["number","null"],"minimum":0},"reasoning":{"type":["number","null"],"minimum":0}}},"cost_runs":{"type":"integer","minimum":0,"description":"Runs whose run.json reports a cost."},"cost_usd":{"type":["number","null"],"minimum":0,"description":"Their cost in US dollars, summed; null when no run's cost is known."},"cost_per_passed_assertion":{"type":["number","null"],"minimum":0,"description":"The cost of those runs with at least one assertion graded (a run of an eval with no assertion, which asks only whether the skill triggers, or whose assertions are all ungraded, an llm_judge not judged yet, left out) divided by the assertions they passed; null when no cost is known or none passed."}}}},"runs":{"type":"integer","minimum":0,"description":"Runs counted for one condition."},"probability":{"type":["number","null"],"minimum":0,"maximum":1},"interval":{"oneOf":[{"type":"null"},{"type":"array","items":{"type":"number","minimum":0,"maximum":1},"minItems":2,"maxItems":2}]},"armCount":{"type":"object","description":"One condition's count: passed and failed graded runs, ungraded runs (in neither), n = passed + failed, rate = passed / n, and its Wilson 95 % interval (null when n = 0).","required":["passed","failed","ungraded","n","rate","ci95"],"additionalProperties":false,"properties":{"passed":{"type":"integer","minimum":0},"failed":{"type":"integer","minimum":0},"ungraded":{"type":"integer","minimum":0},"n":{"type":"integer","minimum":0},"rate":{"$ref":"#/definitions/probability"},"ci95":{"$ref":"#/definitions/interval"}}},"metricSummary":{"type":"object","required":["n","mean","sd","median"],"additionalProperties":false,"properties":{"n":{"type":"integer","minimum":0},"mean":{"type":["number","null"]},"sd":{"type":["number","null"],"description":"Sample standard deviation (n − 1); null when n < 2."},"median":{"type":["number","null"]}}},"assertion":{"type":"object","required":["id","grader","delta","delta_ci95","p_value","p_holm","min_attainable_p","min_attainable_p_holm","detectable_delta","significant","direction"],"properties":{"id":{"type":"string"},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]},"delta":{"type":["number","null"],"minimum":-1,"maximum":1,"description":"Treatment rate − control rate."},"delta_ci95":{"description":"Newcombe's hybrid score 95 % interval of delta (method 10, from the two Wilson intervals); null when a condition has no graded run.","oneOf":[{"type":"null"},{"type":"array","items":{"type":"number","minimum":-1,"maximum":1},"minItems":2,"maxItems":2}]},"p_value":{"$ref":"#/definitions/probability","description":"Two-sided Fisher exact test on the 2×2 of passed/failed per condition."},"p_holm":{"$ref":"#/definitions/probability","description":"Holm-adjusted over every graded assertion of the comparison (all evals)."},"min_attainable_p":{"$ref":"#/definitions/probability","description":"The smallest two-sided Fisher p these run counts can give."},"min_attainable_p_holm":{"$ref":"#/definitions/probability","description":"The smallest Holm-adjusted p any outcome of these runs (in this and every other assertion) can give; above alpha, the assertion cannot come out significant."},"detectable_delta":{"type":["number","null"],"minimum":0.05,"maximum":1,"description":"The smallest change of pass rate, in steps of 0.05, that these runs detect with probability ≥ 0.8 (control at its observed rate, treatment that much above it or below when above is past 1; past the last step that fits either way, the change to 100 % or 0 %, whichever is farther; two-sided Fisher at alpha / family_size); null when no change, up to the largest there is, is, or untested."},"significant":{"type":"boolean","description":"p_holm ≤ alpha."},"direction":{"enum":["better","worse",null]},"judge_agreement":{"type":"object","description":"llm_judge judged k ≥ 2 times per run: how far the judge agrees with itself over the runs with at least 2 verdicts.","required":["runs","unanimous","kappa"],"additionalProperties":false,"properties":{"runs":{"type":"integer","minimum":1},"unanimous":{"type":["number","null"],"minimum":0,"maximum":1,"description":"The share of those runs whose verdicts all agree."},"kappa":{"type":["number","null"],"maximum":1,"description":"Fleiss' kappa over those runs; null when every verdict is the same."}}}},"additionalProperties":{"$ref":"#/definitions/armCount"}},"metric":{"type":"object","required":["id","kind","delta","p_value","method"],"properties":{"id":{"type":"string"},"kind":{"enum":["numeric","rate"]},"delta":{"type":["number","null"]},"p_value":{"$ref":"#/definitions/probability","description":"rate: two-sided Fisher exact; numeric: two-sided Mann–Whitney U. Not Holm-adjusted."},"method":{"type":["string","null"]},"expected":{"type":"boolean","description":"false on skill_invoked when the eval's skill should not trigger."},"left_out":{"type":"object","additionalProperties":{"$ref":"#/definitions/runs"},"description":"duration_ms: per condition, the runs left out of it because their run.json says started_alone (the session campaign started alone, which paid the CLI's first start without contention). Absent when none was."}},"additionalProperties":{"oneOf":[{"$ref":"#/definitions/armCount"},{"$ref":"#/definitions/metricSummary"}]}}},"properties":{"schema_version":{"const":1},"tool":{"type":"string"},"conditions":{"type":"array","items":{"type":"string"},"minItems":2,"maxItems":2,"description":"[treatment, control]."},"conditions_by":{"enum":["campaign","known-pair","named","guessed"],"description":"How conditions were chosen: campaign.json's conditions (campaign), a pair campaign names its folders by (known-pair: with_skill and without_skill, new_skill and old_skill), the arms the user named (named: compare --treatment, --control), or a guess from what the folder names say (guessed: the conditions-guessed warning says by which rule). Absent in documents older eval-magic wrote."},"conditions_named":{"type":"array","items":{"enum":["treatment","control"]},"minItems":1,"maxItems":2,"uniqueItems":true,"description":"With conditions_by named: the arms the user named (compare --treatment, --control); one alone, the other was taken for it (the other of its known pair, or the only other folder). Absent in documents older eval-magic wrote."},"alpha":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1},"family_size":{"type":"integer","minimum":0,"description":"How many assertions Holm adjusts over."},"validity":{"type":"array","items":{"type":"object","required":["code","severity","message"],"additionalProperties":false,"properties":{"code":{"enum":["artifacts-excluded","isolation-failed","runs-missing","runs-unequal","stop-imbalance","attempts-failed","judge-attempts-failed","ungraded","underpowered","conditions-guessed","no-run-record","run-record-unusable","campaign-record-unusable","iterations-pooled","runs-over-plan","evals-changed","iteration-picked","eval-removed","judge-unstable","runs-duplicated","status-mismatch","skills-pooled","judges-mixed","commands-unhidden","conversation-edited","line-endings-converted","judge-votes-unequal","judgments-refused","judgments-warned"]},"severity":{"enum":["error","warning"]},"message":{"type":"string"},"eval":{"type":"string"},"skill":{"type":"string","description":"The skill of that eval, when the comparison holds evals of several skills (two may share an eval id)."},"advice":{"type":"string","description":"What to do, when several problems share it (every underpowered eval needs the same new iteration): the end of message too, so each problem is whole alone; the text, markdown and html reports say it once."}}}},"evals":{"type":"array","items":{"type":"object","required":["id","skill","skill_should_trigger","runs","assertions","metrics","usage","run_list"],"additionalProperties":false,"properties":{"id":{"type":"string"},"skill":{"type":["string","null"]},"skill_should_trigger":{"type":"boolean"},"runs":{"type":"object","additionalProperties":{"$ref":"#/definitions/runs"}},"assertions":{"type":"array","items":{"$ref":"#/definitions/assertion"}},"metrics":{"type":"array","items":{"$ref":"#/definitions/metric"}},"usage":{"$ref":"#/definitions/usage"},"run_list":{"type":"array","items":{"type":"object","required":["condition","run","path","excluded","passed","failed","ungraded","skill_invoked"],"additionalProperties":false,"properties":{"condition":{"type":"string"},"run":{"type":["integer","null"]},"path":{"type":"string"},"excluded":{"type":["string","null"]},"passed":{"type":"integer","minimum":0},"failed":{"type":"integer","minimum":0},"ungraded":{"type":"integer","minimum":0},"skill_invoked":{"type":["boolean","null"]}}}}}}},"overall":{"type":"object","description":"The test across evals, on runs: per eval a 2×2 table of runs (a run passes when every graded assertion of it passed; runs with none graded left out), and the exact conditional test of a common odds ratio of 1 (R's mantelhaen.test(exact = TRUE)).","required":["unit","strata","informative_strata","runs","p_value","min_attainable_p","common_odds_ratio","skill_invocation"],"additionalProperties":false,"properties":{"unit":{"const":"run","description":"What the test counts."},"strata":{"type":"integer","minimum":0,"description":"Evals with a graded run in both conditions."},"informative_strata":{"type":"integer","minimum":0,"description":"Of those, the evals whose runs both passed and failed; the others carry no information and are left out."},"runs":{"type":"object","description":"Per condition: runs that passed every tested assertion (graded in both arms), over every eval (a description; the test never pools evals).","additionalProperties":{"$ref":"#/definitions/armCount"}},"runs_undecided":{"type":"object","description":"Per condition: runs of those evals left out of runs and of the test, since they failed no tested assertion but were not graded on them all (an llm_judge not judged on them yet, a judge split). Absent in documents older eval-magic wrote.","additionalProperties":{"$ref":"#/definitions/runs"}},"p_value":{"$ref":"#/definitions/probability","description":"Two-sided exact conditional p; null when no eval is informative."},"min_attainable_p":{"$ref":"#/definitions/probability","description":"The p the most one-sided outcome of these runs would give (every treatment run passing, every control run failing, in every eval)."},"common_odds_ratio":{"type":["number","null"],"minimum":0,"description":"Mantel–Haenszel estimate of the shared odds ratio of a run passing; null when infinite or untested."},"skill_invocation":{"type":"object","description":"Per condition: the rate at which runs used the skill, over the evals with counted runs of both arms that expect it to trigger. Documents older eval-magic wrote counted every eval's counted runs.","additionalProperties":{"$ref":"#/definitions/armCount"}},"evals_left_out":{"type":"array","description":"The evals left out of the test, with why (no counted run of an arm — these are out of skill_invocation and the document's usage too —, no assertion graded in runs of both arms, no run of an arm graded on every tested assertion). Absent in documents older eval-magic wrote.","items":{"type":"object","required":["id","skill","reason"],"additionalProperties":false,"properties":{"id":{"type":"string"},"skill":{"type":["string","null"]},"reason":{"type":"string"}}}}}},"usage":{"$ref":"#/definitions/usage","description":"Per condition, over the counted runs of the evals with counted runs of both arms (any other eval is in its own usage only). Documents older eval-magic wrote summed every eval's counted runs."},"iterations":{"type":"array","items":{"type":"string"}},"excluded_count":{"type":"integer","minimum":0}}};
const schema12 = {"type":"integer","minimum":0,"description":"Runs counted for one condition."};
const schema25 = {"type":"object","description":"Per condition: what the counted runs spent, from run.json. Medians and the test between conditions are the tokens_total and cost_usd metric rows.","additionalProperties":{"type":"object","required":["runs","token_runs","tokens","cost_runs","cost_usd","cost_per_passed_assertion"],"additionalProperties":false,"properties":{"runs":{"type":"integer","minimum":0,"description":"Runs counted."},"token_runs":{"type":"integer","minimum":0,"description":"Of those, runs whose run.json reports tokens."},"tokens":{"type":"object","description":"Token counts summed over the runs, by kind; null when no run reported that kind (unknown, never 0).","required":["input","output","cache_read","cache_write","reasoning"],"additionalProperties":false,"properties":{"input":{"type":["number","null"],"minimum":0},"output":{"type":["number","null"],"minimum":0},"cache_read":{"type":["number","null"],"minimum":0},"cache_write":{"type":["number","null"],"minimum":0},"reasoning":{"type":["number","null"],"minimum":0}}},"cost_runs":{"type":"integer","minimum":0,"description":"Runs whose run.json reports a cost."},"cost_usd":{"type":["number","null"],"minimum":0,"description":"Their cost in US dollars, summed; null when no run's cost is known."},"cost_per_passed_assertion":{"type":["number","null"],"minimum":0,"description":"The cost of those runs with at least one assertion graded (a run of an eval with no assertion, which asks only whether the skill triggers, or whose assertions are all ungraded, an llm_judge not judged yet, left out) divided by the assertions they passed; null when no cost is known or none passed."}}}};
const schema15 = {"type":["number","null"],"minimum":0,"maximum":1};
const func2 = Object.prototype.hasOwnProperty;
const func0 = require("ajv/dist/runtime/equal").default;
const schema13 = {"type":"object","required":["id","grader","delta","delta_ci95","p_value","p_holm","min_attainable_p","min_attainable_p_holm","detectable_delta","significant","direction"],"properties":{"id":{"type":"string"},"grader":{"enum":["transcript_check","command_check","diff_scope","llm_judge"]},"delta":{"type":["number","null"],"minimum":-1,"maximum":1,"description":"Treatment rate − control rate."},"delta_ci95":{"description":"Newcombe's hybrid score 95 % interval of delta (method 10, from the two Wilson intervals); null when a condition has no graded run.","oneOf":[{"type":"null"},{"type":"array","items":{"type":"number","minimum":-1,"maximum":1},"minItems":2,"maxItems":2}]},"p_value":{"$ref":"#/definitions/probability","description":"Two-sided Fisher exact test on the 2×2 of passed/failed per condition."},"p_holm":{"$ref":"#/definitions/probability","description":"Holm-adjusted over every graded assertion of the comparison (all evals)."},"min_attainable_p":{"$ref":"#/definitions/probability","description":"The smallest two-sided Fisher p these run counts can give."},"min_attainable_p_holm":{"$ref":"#/definitions/probability","description":"The smallest Holm-adjusted p any outcome of these runs (in this and every other assertion) can give; above alpha, the assertion cannot come out significant."},"detectable_delta":{"type":["number","null"],"minimum":0.05,"maximum":1,"description":"The smallest change of pass rate, in steps of 0.05, that these runs detect with probability ≥ 0.8 (control at its observed rate, treatment that much above it or below when above is past 1; past the last step that fits either way, the change to 100 % or 0 %, whichever is farther; two-sided Fisher at alpha / family_size); null when no change, up to the largest there is, is, or untested."},"significant":{"type":"boolean","description":"p_holm ≤ alpha."},"direction":{"enum":["better","worse",null]},"judge_agreement":{"type":"object","description":"llm_judge judged k ≥ 2 times per run: how far the judge agrees with itself over the runs with at least 2 verdicts.","required":["runs","unanimous","kappa"],"additionalProperties":false,"properties":{"runs":{"type":"integer","minimum":1},"unanimous":{"type":["number","null"],"minimum":0,"maximum":1,"description":"The share of those runs whose verdicts all agree."},"kappa":{"type":["number","null"],"maximum":1,"description":"Fleiss' kappa over those runs; null when every verdict is the same."}}}},"additionalProperties":{"$ref":"#/definitions/armCount"}};
const schema14 = {"type":"object","description":"One condition's count: passed and failed graded runs, ungraded runs (in neither), n = passed + failed, rate = passed / n, and its Wilson 95 % interval (null when n = 0).","required":["passed","failed","ungraded","n","rate","ci95"],"additionalProperties":false,"properties":{"passed":{"type":"integer","minimum":0},"failed":{"type":"integer","minimum":0},"ungraded":{"type":"integer","minimum":0},"n":{"type":"integer","minimum":0},"rate":{"$ref":"#/definitions/probability"},"ci95":{"$ref":"#/definitions/interval"}}};
const schema16 = {"oneOf":[{"type":"null"},{"type":"array","items":{"type":"number","minimum":0,"maximum":1},"minItems":2,"maxItems":2}]};

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.passed === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.failed === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "failed"},message:"must have required property '"+"failed"+"'"};
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
if(data.n === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "n"},message:"must have required property '"+"n"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.rate === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rate"},message:"must have required property '"+"rate"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.ci95 === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ci95"},message:"must have required property '"+"ci95"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "passed") || (key0 === "failed")) || (key0 === "ungraded")) || (key0 === "n")) || (key0 === "rate")) || (key0 === "ci95"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.passed !== undefined){
let data0 = data.passed;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err7 = {instancePath:instancePath+"/passed",schemaPath:"#/properties/passed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err8 = {instancePath:instancePath+"/passed",schemaPath:"#/properties/passed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.failed !== undefined){
let data1 = data.failed;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err9 = {instancePath:instancePath+"/failed",schemaPath:"#/properties/failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err10 = {instancePath:instancePath+"/failed",schemaPath:"#/properties/failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.ungraded !== undefined){
let data2 = data.ungraded;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err11 = {instancePath:instancePath+"/ungraded",schemaPath:"#/properties/ungraded/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/ungraded",schemaPath:"#/properties/ungraded/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.n !== undefined){
let data3 = data.n;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err13 = {instancePath:instancePath+"/n",schemaPath:"#/properties/n/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err14 = {instancePath:instancePath+"/n",schemaPath:"#/properties/n/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.rate !== undefined){
let data4 = data.rate;
if((!((typeof data4 == "number") && (isFinite(data4)))) && (data4 !== null)){
const err15 = {instancePath:instancePath+"/rate",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 1 || isNaN(data4)){
const err16 = {instancePath:instancePath+"/rate",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data4 < 0 || isNaN(data4)){
const err17 = {instancePath:instancePath+"/rate",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.ci95 !== undefined){
let data5 = data.ci95;
const _errs15 = errors;
let valid3 = false;
let passing0 = null;
const _errs16 = errors;
if(data5 !== null){
const err18 = {instancePath:instancePath+"/ci95",schemaPath:"#/definitions/interval/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid0 = _errs16 === errors;
if(_valid0){
valid3 = true;
passing0 = 0;
}
const _errs18 = errors;
if(Array.isArray(data5)){
if(data5.length > 2){
const err19 = {instancePath:instancePath+"/ci95",schemaPath:"#/definitions/interval/oneOf/1/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data5.length < 2){
const err20 = {instancePath:instancePath+"/ci95",schemaPath:"#/definitions/interval/oneOf/1/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 1 || isNaN(data6)){
const err21 = {instancePath:instancePath+"/ci95/" + i0,schemaPath:"#/definitions/interval/oneOf/1/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data6 < 0 || isNaN(data6)){
const err22 = {instancePath:instancePath+"/ci95/" + i0,schemaPath:"#/definitions/interval/oneOf/1/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/ci95/" + i0,schemaPath:"#/definitions/interval/oneOf/1/items/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
else {
const err24 = {instancePath:instancePath+"/ci95",schemaPath:"#/definitions/interval/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid0 = _errs18 === errors;
if(_valid0 && valid3){
valid3 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid3 = true;
passing0 = 1;
}
}
if(!valid3){
const err25 = {instancePath:instancePath+"/ci95",schemaPath:"#/definitions/interval/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
else {
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err26 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
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
if(data.grader === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.delta === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "delta"},message:"must have required property '"+"delta"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.delta_ci95 === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "delta_ci95"},message:"must have required property '"+"delta_ci95"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.p_value === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "p_value"},message:"must have required property '"+"p_value"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.p_holm === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "p_holm"},message:"must have required property '"+"p_holm"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.min_attainable_p === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "min_attainable_p"},message:"must have required property '"+"min_attainable_p"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.min_attainable_p_holm === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "min_attainable_p_holm"},message:"must have required property '"+"min_attainable_p_holm"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.detectable_delta === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "detectable_delta"},message:"must have required property '"+"detectable_delta"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.significant === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "significant"},message:"must have required property '"+"significant"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.direction === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "direction"},message:"must have required property '"+"direction"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema13.properties, key0))){
if(!(validate12(data[key0], {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data,parentDataProperty:key0,rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.grader !== undefined){
let data2 = data.grader;
if(!((((data2 === "transcript_check") || (data2 === "command_check")) || (data2 === "diff_scope")) || (data2 === "llm_judge"))){
const err12 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/enum",keyword:"enum",params:{allowedValues: schema13.properties.grader.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.delta !== undefined){
let data3 = data.delta;
if((!((typeof data3 == "number") && (isFinite(data3)))) && (data3 !== null)){
const err13 = {instancePath:instancePath+"/delta",schemaPath:"#/properties/delta/type",keyword:"type",params:{type: schema13.properties.delta.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 1 || isNaN(data3)){
const err14 = {instancePath:instancePath+"/delta",schemaPath:"#/properties/delta/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data3 < -1 || isNaN(data3)){
const err15 = {instancePath:instancePath+"/delta",schemaPath:"#/properties/delta/minimum",keyword:"minimum",params:{comparison: ">=", limit: -1},message:"must be >= -1"};
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
if(data.delta_ci95 !== undefined){
let data4 = data.delta_ci95;
const _errs9 = errors;
let valid2 = false;
let passing0 = null;
const _errs10 = errors;
if(data4 !== null){
const err16 = {instancePath:instancePath+"/delta_ci95",schemaPath:"#/properties/delta_ci95/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs10 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs12 = errors;
if(Array.isArray(data4)){
if(data4.length > 2){
const err17 = {instancePath:instancePath+"/delta_ci95",schemaPath:"#/properties/delta_ci95/oneOf/1/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data4.length < 2){
const err18 = {instancePath:instancePath+"/delta_ci95",schemaPath:"#/properties/delta_ci95/oneOf/1/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 1 || isNaN(data5)){
const err19 = {instancePath:instancePath+"/delta_ci95/" + i0,schemaPath:"#/properties/delta_ci95/oneOf/1/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data5 < -1 || isNaN(data5)){
const err20 = {instancePath:instancePath+"/delta_ci95/" + i0,schemaPath:"#/properties/delta_ci95/oneOf/1/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: -1},message:"must be >= -1"};
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
const err21 = {instancePath:instancePath+"/delta_ci95/" + i0,schemaPath:"#/properties/delta_ci95/oneOf/1/items/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err22 = {instancePath:instancePath+"/delta_ci95",schemaPath:"#/properties/delta_ci95/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid0 = _errs12 === errors;
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
const err23 = {instancePath:instancePath+"/delta_ci95",schemaPath:"#/properties/delta_ci95/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
else {
errors = _errs9;
if(vErrors !== null){
if(_errs9){
vErrors.length = _errs9;
}
else {
vErrors = null;
}
}
}
}
if(data.p_value !== undefined){
let data6 = data.p_value;
if((!((typeof data6 == "number") && (isFinite(data6)))) && (data6 !== null)){
const err24 = {instancePath:instancePath+"/p_value",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 1 || isNaN(data6)){
const err25 = {instancePath:instancePath+"/p_value",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data6 < 0 || isNaN(data6)){
const err26 = {instancePath:instancePath+"/p_value",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.p_holm !== undefined){
let data7 = data.p_holm;
if((!((typeof data7 == "number") && (isFinite(data7)))) && (data7 !== null)){
const err27 = {instancePath:instancePath+"/p_holm",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 1 || isNaN(data7)){
const err28 = {instancePath:instancePath+"/p_holm",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data7 < 0 || isNaN(data7)){
const err29 = {instancePath:instancePath+"/p_holm",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.min_attainable_p !== undefined){
let data8 = data.min_attainable_p;
if((!((typeof data8 == "number") && (isFinite(data8)))) && (data8 !== null)){
const err30 = {instancePath:instancePath+"/min_attainable_p",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 1 || isNaN(data8)){
const err31 = {instancePath:instancePath+"/min_attainable_p",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data8 < 0 || isNaN(data8)){
const err32 = {instancePath:instancePath+"/min_attainable_p",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.min_attainable_p_holm !== undefined){
let data9 = data.min_attainable_p_holm;
if((!((typeof data9 == "number") && (isFinite(data9)))) && (data9 !== null)){
const err33 = {instancePath:instancePath+"/min_attainable_p_holm",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 1 || isNaN(data9)){
const err34 = {instancePath:instancePath+"/min_attainable_p_holm",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data9 < 0 || isNaN(data9)){
const err35 = {instancePath:instancePath+"/min_attainable_p_holm",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.detectable_delta !== undefined){
let data10 = data.detectable_delta;
if((!((typeof data10 == "number") && (isFinite(data10)))) && (data10 !== null)){
const err36 = {instancePath:instancePath+"/detectable_delta",schemaPath:"#/properties/detectable_delta/type",keyword:"type",params:{type: schema13.properties.detectable_delta.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 1 || isNaN(data10)){
const err37 = {instancePath:instancePath+"/detectable_delta",schemaPath:"#/properties/detectable_delta/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data10 < 0.05 || isNaN(data10)){
const err38 = {instancePath:instancePath+"/detectable_delta",schemaPath:"#/properties/detectable_delta/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0.05},message:"must be >= 0.05"};
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
if(data.significant !== undefined){
if(typeof data.significant !== "boolean"){
const err39 = {instancePath:instancePath+"/significant",schemaPath:"#/properties/significant/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.direction !== undefined){
let data12 = data.direction;
if(!(((data12 === "better") || (data12 === "worse")) || (data12 === null))){
const err40 = {instancePath:instancePath+"/direction",schemaPath:"#/properties/direction/enum",keyword:"enum",params:{allowedValues: schema13.properties.direction.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.judge_agreement !== undefined){
let data13 = data.judge_agreement;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.runs === undefined){
const err41 = {instancePath:instancePath+"/judge_agreement",schemaPath:"#/properties/judge_agreement/required",keyword:"required",params:{missingProperty: "runs"},message:"must have required property '"+"runs"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data13.unanimous === undefined){
const err42 = {instancePath:instancePath+"/judge_agreement",schemaPath:"#/properties/judge_agreement/required",keyword:"required",params:{missingProperty: "unanimous"},message:"must have required property '"+"unanimous"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data13.kappa === undefined){
const err43 = {instancePath:instancePath+"/judge_agreement",schemaPath:"#/properties/judge_agreement/required",keyword:"required",params:{missingProperty: "kappa"},message:"must have required property '"+"kappa"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
for(const key1 in data13){
if(!(((key1 === "runs") || (key1 === "unanimous")) || (key1 === "kappa"))){
const err44 = {instancePath:instancePath+"/judge_agreement",schemaPath:"#/properties/judge_agreement/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data13.runs !== undefined){
let data14 = data13.runs;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err45 = {instancePath:instancePath+"/judge_agreement/runs",schemaPath:"#/properties/judge_agreement/properties/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
const err46 = {instancePath:instancePath+"/judge_agreement/runs",schemaPath:"#/properties/judge_agreement/properties/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data13.unanimous !== undefined){
let data15 = data13.unanimous;
if((!((typeof data15 == "number") && (isFinite(data15)))) && (data15 !== null)){
const err47 = {instancePath:instancePath+"/judge_agreement/unanimous",schemaPath:"#/properties/judge_agreement/properties/unanimous/type",keyword:"type",params:{type: schema13.properties.judge_agreement.properties.unanimous.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 > 1 || isNaN(data15)){
const err48 = {instancePath:instancePath+"/judge_agreement/unanimous",schemaPath:"#/properties/judge_agreement/properties/unanimous/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(data15 < 0 || isNaN(data15)){
const err49 = {instancePath:instancePath+"/judge_agreement/unanimous",schemaPath:"#/properties/judge_agreement/properties/unanimous/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data13.kappa !== undefined){
let data16 = data13.kappa;
if((!((typeof data16 == "number") && (isFinite(data16)))) && (data16 !== null)){
const err50 = {instancePath:instancePath+"/judge_agreement/kappa",schemaPath:"#/properties/judge_agreement/properties/kappa/type",keyword:"type",params:{type: schema13.properties.judge_agreement.properties.kappa.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 > 1 || isNaN(data16)){
const err51 = {instancePath:instancePath+"/judge_agreement/kappa",schemaPath:"#/properties/judge_agreement/properties/kappa/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
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
}
else {
const err52 = {instancePath:instancePath+"/judge_agreement",schemaPath:"#/properties/judge_agreement/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err53 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}

const schema21 = {"type":"object","required":["id","kind","delta","p_value","method"],"properties":{"id":{"type":"string"},"kind":{"enum":["numeric","rate"]},"delta":{"type":["number","null"]},"p_value":{"$ref":"#/definitions/probability","description":"rate: two-sided Fisher exact; numeric: two-sided Mann–Whitney U. Not Holm-adjusted."},"method":{"type":["string","null"]},"expected":{"type":"boolean","description":"false on skill_invoked when the eval's skill should not trigger."},"left_out":{"type":"object","additionalProperties":{"$ref":"#/definitions/runs"},"description":"duration_ms: per condition, the runs left out of it because their run.json says started_alone (the session campaign started alone, which paid the CLI's first start without contention). Absent when none was."}},"additionalProperties":{"oneOf":[{"$ref":"#/definitions/armCount"},{"$ref":"#/definitions/metricSummary"}]}};
const schema22 = {"type":"object","required":["n","mean","sd","median"],"additionalProperties":false,"properties":{"n":{"type":"integer","minimum":0},"mean":{"type":["number","null"]},"sd":{"type":["number","null"],"description":"Sample standard deviation (n − 1); null when n < 2."},"median":{"type":["number","null"]}}};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
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
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.delta === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "delta"},message:"must have required property '"+"delta"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.p_value === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "p_value"},message:"must have required property '"+"p_value"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.method === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "method"},message:"must have required property '"+"method"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "id") || (key0 === "kind")) || (key0 === "delta")) || (key0 === "p_value")) || (key0 === "method")) || (key0 === "expected")) || (key0 === "left_out"))){
let data0 = data[key0];
const _errs3 = errors;
let valid1 = false;
let passing0 = null;
const _errs4 = errors;
if(!(validate12(data0, {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data,parentDataProperty:key0,rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
var _valid0 = _errs4 === errors;
if(_valid0){
valid1 = true;
passing0 = 0;
}
const _errs5 = errors;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.n === undefined){
const err5 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/metricSummary/required",keyword:"required",params:{missingProperty: "n"},message:"must have required property '"+"n"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data0.mean === undefined){
const err6 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/metricSummary/required",keyword:"required",params:{missingProperty: "mean"},message:"must have required property '"+"mean"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data0.sd === undefined){
const err7 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/metricSummary/required",keyword:"required",params:{missingProperty: "sd"},message:"must have required property '"+"sd"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data0.median === undefined){
const err8 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/metricSummary/required",keyword:"required",params:{missingProperty: "median"},message:"must have required property '"+"median"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key1 in data0){
if(!((((key1 === "n") || (key1 === "mean")) || (key1 === "sd")) || (key1 === "median"))){
const err9 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/metricSummary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data0.n !== undefined){
let data1 = data0.n;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err10 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/n",schemaPath:"#/definitions/metricSummary/properties/n/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err11 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/n",schemaPath:"#/definitions/metricSummary/properties/n/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data0.mean !== undefined){
let data2 = data0.mean;
if((!((typeof data2 == "number") && (isFinite(data2)))) && (data2 !== null)){
const err12 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/mean",schemaPath:"#/definitions/metricSummary/properties/mean/type",keyword:"type",params:{type: schema22.properties.mean.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data0.sd !== undefined){
let data3 = data0.sd;
if((!((typeof data3 == "number") && (isFinite(data3)))) && (data3 !== null)){
const err13 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/sd",schemaPath:"#/definitions/metricSummary/properties/sd/type",keyword:"type",params:{type: schema22.properties.sd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data0.median !== undefined){
let data4 = data0.median;
if((!((typeof data4 == "number") && (isFinite(data4)))) && (data4 !== null)){
const err14 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/median",schemaPath:"#/definitions/metricSummary/properties/median/type",keyword:"type",params:{type: schema22.properties.median.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/metricSummary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs5 === errors;
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
const err16 = {instancePath:instancePath+"/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/additionalProperties/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err17 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.kind !== undefined){
let data6 = data.kind;
if(!((data6 === "numeric") || (data6 === "rate"))){
const err18 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema21.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.delta !== undefined){
let data7 = data.delta;
if((!((typeof data7 == "number") && (isFinite(data7)))) && (data7 !== null)){
const err19 = {instancePath:instancePath+"/delta",schemaPath:"#/properties/delta/type",keyword:"type",params:{type: schema21.properties.delta.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.p_value !== undefined){
let data8 = data.p_value;
if((!((typeof data8 == "number") && (isFinite(data8)))) && (data8 !== null)){
const err20 = {instancePath:instancePath+"/p_value",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 1 || isNaN(data8)){
const err21 = {instancePath:instancePath+"/p_value",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data8 < 0 || isNaN(data8)){
const err22 = {instancePath:instancePath+"/p_value",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
if(data.method !== undefined){
let data9 = data.method;
if((typeof data9 !== "string") && (data9 !== null)){
const err23 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/type",keyword:"type",params:{type: schema21.properties.method.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.expected !== undefined){
if(typeof data.expected !== "boolean"){
const err24 = {instancePath:instancePath+"/expected",schemaPath:"#/properties/expected/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.left_out !== undefined){
let data11 = data.left_out;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key2 in data11){
let data12 = data11[key2];
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err25 = {instancePath:instancePath+"/left_out/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err26 = {instancePath:instancePath+"/left_out/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err27 = {instancePath:instancePath+"/left_out",schemaPath:"#/properties/left_out/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err28 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
validate15.errors = vErrors;
return errors === 0;
}


function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://slow-powers.dev/schemas/comparison.schema.json" */;
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
if(data.tool === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tool"},message:"must have required property '"+"tool"+"'"};
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
if(data.alpha === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "alpha"},message:"must have required property '"+"alpha"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.family_size === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "family_size"},message:"must have required property '"+"family_size"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.validity === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "validity"},message:"must have required property '"+"validity"+"'"};
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
if(data.overall === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "overall"},message:"must have required property '"+"overall"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.usage === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "usage"},message:"must have required property '"+"usage"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.iterations === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "iterations"},message:"must have required property '"+"iterations"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.excluded_count === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "excluded_count"},message:"must have required property '"+"excluded_count"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err11 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.schema_version !== undefined){
if(1 !== data.schema_version){
const err12 = {instancePath:instancePath+"/schema_version",schemaPath:"#/properties/schema_version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.tool !== undefined){
if(typeof data.tool !== "string"){
const err13 = {instancePath:instancePath+"/tool",schemaPath:"#/properties/tool/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(Array.isArray(data2)){
if(data2.length > 2){
const err14 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data2.length < 2){
const err15 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
if(typeof data2[i0] !== "string"){
const err16 = {instancePath:instancePath+"/conditions/" + i0,schemaPath:"#/properties/conditions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err17 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.conditions_by !== undefined){
let data4 = data.conditions_by;
if(!((((data4 === "campaign") || (data4 === "known-pair")) || (data4 === "named")) || (data4 === "guessed"))){
const err18 = {instancePath:instancePath+"/conditions_by",schemaPath:"#/properties/conditions_by/enum",keyword:"enum",params:{allowedValues: schema11.properties.conditions_by.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.conditions_named !== undefined){
let data5 = data.conditions_named;
if(Array.isArray(data5)){
if(data5.length > 2){
const err19 = {instancePath:instancePath+"/conditions_named",schemaPath:"#/properties/conditions_named/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data5.length < 1){
const err20 = {instancePath:instancePath+"/conditions_named",schemaPath:"#/properties/conditions_named/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
if(!((data6 === "treatment") || (data6 === "control"))){
const err21 = {instancePath:instancePath+"/conditions_named/" + i1,schemaPath:"#/properties/conditions_named/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.conditions_named.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
let i2 = data5.length;
let j0;
if(i2 > 1){
outer0:
for(;i2--;){
for(j0 = i2; j0--;){
if(func0(data5[i2], data5[j0])){
const err22 = {instancePath:instancePath+"/conditions_named",schemaPath:"#/properties/conditions_named/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err23 = {instancePath:instancePath+"/conditions_named",schemaPath:"#/properties/conditions_named/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.alpha !== undefined){
let data7 = data.alpha;
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 >= 1 || isNaN(data7)){
const err24 = {instancePath:instancePath+"/alpha",schemaPath:"#/properties/alpha/exclusiveMaximum",keyword:"exclusiveMaximum",params:{comparison: "<", limit: 1},message:"must be < 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data7 <= 0 || isNaN(data7)){
const err25 = {instancePath:instancePath+"/alpha",schemaPath:"#/properties/alpha/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/alpha",schemaPath:"#/properties/alpha/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.family_size !== undefined){
let data8 = data.family_size;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err27 = {instancePath:instancePath+"/family_size",schemaPath:"#/properties/family_size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 0 || isNaN(data8)){
const err28 = {instancePath:instancePath+"/family_size",schemaPath:"#/properties/family_size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.validity !== undefined){
let data9 = data.validity;
if(Array.isArray(data9)){
const len2 = data9.length;
for(let i3=0; i3<len2; i3++){
let data10 = data9[i3];
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.code === undefined){
const err29 = {instancePath:instancePath+"/validity/" + i3,schemaPath:"#/properties/validity/items/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data10.severity === undefined){
const err30 = {instancePath:instancePath+"/validity/" + i3,schemaPath:"#/properties/validity/items/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data10.message === undefined){
const err31 = {instancePath:instancePath+"/validity/" + i3,schemaPath:"#/properties/validity/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key1 in data10){
if(!((((((key1 === "code") || (key1 === "severity")) || (key1 === "message")) || (key1 === "eval")) || (key1 === "skill")) || (key1 === "advice"))){
const err32 = {instancePath:instancePath+"/validity/" + i3,schemaPath:"#/properties/validity/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data10.code !== undefined){
let data11 = data10.code;
if(!(((((((((((((((((((((((((((((data11 === "artifacts-excluded") || (data11 === "isolation-failed")) || (data11 === "runs-missing")) || (data11 === "runs-unequal")) || (data11 === "stop-imbalance")) || (data11 === "attempts-failed")) || (data11 === "judge-attempts-failed")) || (data11 === "ungraded")) || (data11 === "underpowered")) || (data11 === "conditions-guessed")) || (data11 === "no-run-record")) || (data11 === "run-record-unusable")) || (data11 === "campaign-record-unusable")) || (data11 === "iterations-pooled")) || (data11 === "runs-over-plan")) || (data11 === "evals-changed")) || (data11 === "iteration-picked")) || (data11 === "eval-removed")) || (data11 === "judge-unstable")) || (data11 === "runs-duplicated")) || (data11 === "status-mismatch")) || (data11 === "skills-pooled")) || (data11 === "judges-mixed")) || (data11 === "commands-unhidden")) || (data11 === "conversation-edited")) || (data11 === "line-endings-converted")) || (data11 === "judge-votes-unequal")) || (data11 === "judgments-refused")) || (data11 === "judgments-warned"))){
const err33 = {instancePath:instancePath+"/validity/" + i3+"/code",schemaPath:"#/properties/validity/items/properties/code/enum",keyword:"enum",params:{allowedValues: schema11.properties.validity.items.properties.code.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data10.severity !== undefined){
let data12 = data10.severity;
if(!((data12 === "error") || (data12 === "warning"))){
const err34 = {instancePath:instancePath+"/validity/" + i3+"/severity",schemaPath:"#/properties/validity/items/properties/severity/enum",keyword:"enum",params:{allowedValues: schema11.properties.validity.items.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data10.message !== undefined){
if(typeof data10.message !== "string"){
const err35 = {instancePath:instancePath+"/validity/" + i3+"/message",schemaPath:"#/properties/validity/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data10.eval !== undefined){
if(typeof data10.eval !== "string"){
const err36 = {instancePath:instancePath+"/validity/" + i3+"/eval",schemaPath:"#/properties/validity/items/properties/eval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data10.skill !== undefined){
if(typeof data10.skill !== "string"){
const err37 = {instancePath:instancePath+"/validity/" + i3+"/skill",schemaPath:"#/properties/validity/items/properties/skill/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data10.advice !== undefined){
if(typeof data10.advice !== "string"){
const err38 = {instancePath:instancePath+"/validity/" + i3+"/advice",schemaPath:"#/properties/validity/items/properties/advice/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err39 = {instancePath:instancePath+"/validity/" + i3,schemaPath:"#/properties/validity/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err40 = {instancePath:instancePath+"/validity",schemaPath:"#/properties/validity/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.evals !== undefined){
let data17 = data.evals;
if(Array.isArray(data17)){
const len3 = data17.length;
for(let i4=0; i4<len3; i4++){
let data18 = data17[i4];
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.id === undefined){
const err41 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data18.skill === undefined){
const err42 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "skill"},message:"must have required property '"+"skill"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data18.skill_should_trigger === undefined){
const err43 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "skill_should_trigger"},message:"must have required property '"+"skill_should_trigger"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data18.runs === undefined){
const err44 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "runs"},message:"must have required property '"+"runs"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data18.assertions === undefined){
const err45 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "assertions"},message:"must have required property '"+"assertions"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data18.metrics === undefined){
const err46 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "metrics"},message:"must have required property '"+"metrics"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data18.usage === undefined){
const err47 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "usage"},message:"must have required property '"+"usage"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(data18.run_list === undefined){
const err48 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/required",keyword:"required",params:{missingProperty: "run_list"},message:"must have required property '"+"run_list"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
for(const key2 in data18){
if(!((((((((key2 === "id") || (key2 === "skill")) || (key2 === "skill_should_trigger")) || (key2 === "runs")) || (key2 === "assertions")) || (key2 === "metrics")) || (key2 === "usage")) || (key2 === "run_list"))){
const err49 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data18.id !== undefined){
if(typeof data18.id !== "string"){
const err50 = {instancePath:instancePath+"/evals/" + i4+"/id",schemaPath:"#/properties/evals/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data18.skill !== undefined){
let data20 = data18.skill;
if((typeof data20 !== "string") && (data20 !== null)){
const err51 = {instancePath:instancePath+"/evals/" + i4+"/skill",schemaPath:"#/properties/evals/items/properties/skill/type",keyword:"type",params:{type: schema11.properties.evals.items.properties.skill.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data18.skill_should_trigger !== undefined){
if(typeof data18.skill_should_trigger !== "boolean"){
const err52 = {instancePath:instancePath+"/evals/" + i4+"/skill_should_trigger",schemaPath:"#/properties/evals/items/properties/skill_should_trigger/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data18.runs !== undefined){
let data22 = data18.runs;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
for(const key3 in data22){
let data23 = data22[key3];
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err53 = {instancePath:instancePath+"/evals/" + i4+"/runs/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err54 = {instancePath:instancePath+"/evals/" + i4+"/runs/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
}
else {
const err55 = {instancePath:instancePath+"/evals/" + i4+"/runs",schemaPath:"#/properties/evals/items/properties/runs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data18.assertions !== undefined){
let data24 = data18.assertions;
if(Array.isArray(data24)){
const len4 = data24.length;
for(let i5=0; i5<len4; i5++){
if(!(validate11(data24[i5], {instancePath:instancePath+"/evals/" + i4+"/assertions/" + i5,parentData:data24,parentDataProperty:i5,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
}
else {
const err56 = {instancePath:instancePath+"/evals/" + i4+"/assertions",schemaPath:"#/properties/evals/items/properties/assertions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data18.metrics !== undefined){
let data26 = data18.metrics;
if(Array.isArray(data26)){
const len5 = data26.length;
for(let i6=0; i6<len5; i6++){
if(!(validate15(data26[i6], {instancePath:instancePath+"/evals/" + i4+"/metrics/" + i6,parentData:data26,parentDataProperty:i6,rootData}))){
vErrors = vErrors === null ? validate15.errors : vErrors.concat(validate15.errors);
errors = vErrors.length;
}
}
}
else {
const err57 = {instancePath:instancePath+"/evals/" + i4+"/metrics",schemaPath:"#/properties/evals/items/properties/metrics/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data18.usage !== undefined){
let data28 = data18.usage;
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
for(const key4 in data28){
let data29 = data28[key4];
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.runs === undefined){
const err58 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "runs"},message:"must have required property '"+"runs"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(data29.token_runs === undefined){
const err59 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "token_runs"},message:"must have required property '"+"token_runs"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data29.tokens === undefined){
const err60 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "tokens"},message:"must have required property '"+"tokens"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data29.cost_runs === undefined){
const err61 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "cost_runs"},message:"must have required property '"+"cost_runs"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data29.cost_usd === undefined){
const err62 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "cost_usd"},message:"must have required property '"+"cost_usd"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data29.cost_per_passed_assertion === undefined){
const err63 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "cost_per_passed_assertion"},message:"must have required property '"+"cost_per_passed_assertion"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
for(const key5 in data29){
if(!((((((key5 === "runs") || (key5 === "token_runs")) || (key5 === "tokens")) || (key5 === "cost_runs")) || (key5 === "cost_usd")) || (key5 === "cost_per_passed_assertion"))){
const err64 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data29.runs !== undefined){
let data30 = data29.runs;
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
const err65 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/runs",schemaPath:"#/definitions/usage/additionalProperties/properties/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 < 0 || isNaN(data30)){
const err66 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/runs",schemaPath:"#/definitions/usage/additionalProperties/properties/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data29.token_runs !== undefined){
let data31 = data29.token_runs;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err67 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/token_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/token_runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err68 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/token_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/token_runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data29.tokens !== undefined){
let data32 = data29.tokens;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
if(data32.input === undefined){
const err69 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "input"},message:"must have required property '"+"input"+"'"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data32.output === undefined){
const err70 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "output"},message:"must have required property '"+"output"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data32.cache_read === undefined){
const err71 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "cache_read"},message:"must have required property '"+"cache_read"+"'"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data32.cache_write === undefined){
const err72 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "cache_write"},message:"must have required property '"+"cache_write"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data32.reasoning === undefined){
const err73 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "reasoning"},message:"must have required property '"+"reasoning"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
for(const key6 in data32){
if(!(((((key6 === "input") || (key6 === "output")) || (key6 === "cache_read")) || (key6 === "cache_write")) || (key6 === "reasoning"))){
const err74 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data32.input !== undefined){
let data33 = data32.input;
if((!((typeof data33 == "number") && (isFinite(data33)))) && (data33 !== null)){
const err75 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/input",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/input/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.input.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if((typeof data33 == "number") && (isFinite(data33))){
if(data33 < 0 || isNaN(data33)){
const err76 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/input",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/input/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
}
if(data32.output !== undefined){
let data34 = data32.output;
if((!((typeof data34 == "number") && (isFinite(data34)))) && (data34 !== null)){
const err77 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/output",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/output/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.output.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 0 || isNaN(data34)){
const err78 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/output",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/output/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
}
if(data32.cache_read !== undefined){
let data35 = data32.cache_read;
if((!((typeof data35 == "number") && (isFinite(data35)))) && (data35 !== null)){
const err79 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_read",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_read/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.cache_read.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 < 0 || isNaN(data35)){
const err80 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_read",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_read/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
}
if(data32.cache_write !== undefined){
let data36 = data32.cache_write;
if((!((typeof data36 == "number") && (isFinite(data36)))) && (data36 !== null)){
const err81 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_write",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_write/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.cache_write.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if((typeof data36 == "number") && (isFinite(data36))){
if(data36 < 0 || isNaN(data36)){
const err82 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_write",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_write/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
if(data32.reasoning !== undefined){
let data37 = data32.reasoning;
if((!((typeof data37 == "number") && (isFinite(data37)))) && (data37 !== null)){
const err83 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/reasoning",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/reasoning/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.reasoning.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 < 0 || isNaN(data37)){
const err84 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/reasoning",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/reasoning/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
}
else {
const err85 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data29.cost_runs !== undefined){
let data38 = data29.cost_runs;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err86 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 < 0 || isNaN(data38)){
const err87 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
}
if(data29.cost_usd !== undefined){
let data39 = data29.cost_usd;
if((!((typeof data39 == "number") && (isFinite(data39)))) && (data39 !== null)){
const err88 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_usd",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_usd/type",keyword:"type",params:{type: schema25.additionalProperties.properties.cost_usd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if((typeof data39 == "number") && (isFinite(data39))){
if(data39 < 0 || isNaN(data39)){
const err89 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_usd",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_usd/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data29.cost_per_passed_assertion !== undefined){
let data40 = data29.cost_per_passed_assertion;
if((!((typeof data40 == "number") && (isFinite(data40)))) && (data40 !== null)){
const err90 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_per_passed_assertion",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_per_passed_assertion/type",keyword:"type",params:{type: schema25.additionalProperties.properties.cost_per_passed_assertion.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 0 || isNaN(data40)){
const err91 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_per_passed_assertion",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_per_passed_assertion/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err92 = {instancePath:instancePath+"/evals/" + i4+"/usage/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err93 = {instancePath:instancePath+"/evals/" + i4+"/usage",schemaPath:"#/definitions/usage/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data18.run_list !== undefined){
let data41 = data18.run_list;
if(Array.isArray(data41)){
const len6 = data41.length;
for(let i7=0; i7<len6; i7++){
let data42 = data41[i7];
if(data42 && typeof data42 == "object" && !Array.isArray(data42)){
if(data42.condition === undefined){
const err94 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "condition"},message:"must have required property '"+"condition"+"'"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if(data42.run === undefined){
const err95 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
if(data42.path === undefined){
const err96 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
if(data42.excluded === undefined){
const err97 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "excluded"},message:"must have required property '"+"excluded"+"'"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
if(data42.passed === undefined){
const err98 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if(data42.failed === undefined){
const err99 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "failed"},message:"must have required property '"+"failed"+"'"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
if(data42.ungraded === undefined){
const err100 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "ungraded"},message:"must have required property '"+"ungraded"+"'"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
if(data42.skill_invoked === undefined){
const err101 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/required",keyword:"required",params:{missingProperty: "skill_invoked"},message:"must have required property '"+"skill_invoked"+"'"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
for(const key7 in data42){
if(!((((((((key7 === "condition") || (key7 === "run")) || (key7 === "path")) || (key7 === "excluded")) || (key7 === "passed")) || (key7 === "failed")) || (key7 === "ungraded")) || (key7 === "skill_invoked"))){
const err102 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
if(data42.condition !== undefined){
if(typeof data42.condition !== "string"){
const err103 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/condition",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/condition/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data42.run !== undefined){
let data44 = data42.run;
if((!(((typeof data44 == "number") && (!(data44 % 1) && !isNaN(data44))) && (isFinite(data44)))) && (data44 !== null)){
const err104 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/run",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/run/type",keyword:"type",params:{type: schema11.properties.evals.items.properties.run_list.items.properties.run.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data42.path !== undefined){
if(typeof data42.path !== "string"){
const err105 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/path",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
if(data42.excluded !== undefined){
let data46 = data42.excluded;
if((typeof data46 !== "string") && (data46 !== null)){
const err106 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/excluded",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/excluded/type",keyword:"type",params:{type: schema11.properties.evals.items.properties.run_list.items.properties.excluded.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data42.passed !== undefined){
let data47 = data42.passed;
if(!(((typeof data47 == "number") && (!(data47 % 1) && !isNaN(data47))) && (isFinite(data47)))){
const err107 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/passed",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/passed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
if((typeof data47 == "number") && (isFinite(data47))){
if(data47 < 0 || isNaN(data47)){
const err108 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/passed",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/passed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data42.failed !== undefined){
let data48 = data42.failed;
if(!(((typeof data48 == "number") && (!(data48 % 1) && !isNaN(data48))) && (isFinite(data48)))){
const err109 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/failed",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
if((typeof data48 == "number") && (isFinite(data48))){
if(data48 < 0 || isNaN(data48)){
const err110 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/failed",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
}
}
if(data42.ungraded !== undefined){
let data49 = data42.ungraded;
if(!(((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49))) && (isFinite(data49)))){
const err111 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/ungraded",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/ungraded/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 < 0 || isNaN(data49)){
const err112 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/ungraded",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/ungraded/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data42.skill_invoked !== undefined){
let data50 = data42.skill_invoked;
if((typeof data50 !== "boolean") && (data50 !== null)){
const err113 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7+"/skill_invoked",schemaPath:"#/properties/evals/items/properties/run_list/items/properties/skill_invoked/type",keyword:"type",params:{type: schema11.properties.evals.items.properties.run_list.items.properties.skill_invoked.type},message:"must be boolean,null"};
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
const err114 = {instancePath:instancePath+"/evals/" + i4+"/run_list/" + i7,schemaPath:"#/properties/evals/items/properties/run_list/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err115 = {instancePath:instancePath+"/evals/" + i4+"/run_list",schemaPath:"#/properties/evals/items/properties/run_list/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
}
else {
const err116 = {instancePath:instancePath+"/evals/" + i4,schemaPath:"#/properties/evals/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err117 = {instancePath:instancePath+"/evals",schemaPath:"#/properties/evals/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
if(data.overall !== undefined){
let data51 = data.overall;
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
if(data51.unit === undefined){
const err118 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "unit"},message:"must have required property '"+"unit"+"'"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
if(data51.strata === undefined){
const err119 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "strata"},message:"must have required property '"+"strata"+"'"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if(data51.informative_strata === undefined){
const err120 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "informative_strata"},message:"must have required property '"+"informative_strata"+"'"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
if(data51.runs === undefined){
const err121 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "runs"},message:"must have required property '"+"runs"+"'"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
if(data51.p_value === undefined){
const err122 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "p_value"},message:"must have required property '"+"p_value"+"'"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
if(data51.min_attainable_p === undefined){
const err123 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "min_attainable_p"},message:"must have required property '"+"min_attainable_p"+"'"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
if(data51.common_odds_ratio === undefined){
const err124 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "common_odds_ratio"},message:"must have required property '"+"common_odds_ratio"+"'"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
if(data51.skill_invocation === undefined){
const err125 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/required",keyword:"required",params:{missingProperty: "skill_invocation"},message:"must have required property '"+"skill_invocation"+"'"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
for(const key8 in data51){
if(!(func2.call(schema11.properties.overall.properties, key8))){
const err126 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data51.unit !== undefined){
if("run" !== data51.unit){
const err127 = {instancePath:instancePath+"/overall/unit",schemaPath:"#/properties/overall/properties/unit/const",keyword:"const",params:{allowedValue: "run"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
if(data51.strata !== undefined){
let data53 = data51.strata;
if(!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))){
const err128 = {instancePath:instancePath+"/overall/strata",schemaPath:"#/properties/overall/properties/strata/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 < 0 || isNaN(data53)){
const err129 = {instancePath:instancePath+"/overall/strata",schemaPath:"#/properties/overall/properties/strata/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
}
if(data51.informative_strata !== undefined){
let data54 = data51.informative_strata;
if(!(((typeof data54 == "number") && (!(data54 % 1) && !isNaN(data54))) && (isFinite(data54)))){
const err130 = {instancePath:instancePath+"/overall/informative_strata",schemaPath:"#/properties/overall/properties/informative_strata/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
if((typeof data54 == "number") && (isFinite(data54))){
if(data54 < 0 || isNaN(data54)){
const err131 = {instancePath:instancePath+"/overall/informative_strata",schemaPath:"#/properties/overall/properties/informative_strata/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
}
if(data51.runs !== undefined){
let data55 = data51.runs;
if(data55 && typeof data55 == "object" && !Array.isArray(data55)){
for(const key9 in data55){
if(!(validate12(data55[key9], {instancePath:instancePath+"/overall/runs/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data55,parentDataProperty:key9,rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
}
else {
const err132 = {instancePath:instancePath+"/overall/runs",schemaPath:"#/properties/overall/properties/runs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
if(data51.runs_undecided !== undefined){
let data57 = data51.runs_undecided;
if(data57 && typeof data57 == "object" && !Array.isArray(data57)){
for(const key10 in data57){
let data58 = data57[key10];
if(!(((typeof data58 == "number") && (!(data58 % 1) && !isNaN(data58))) && (isFinite(data58)))){
const err133 = {instancePath:instancePath+"/overall/runs_undecided/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
if((typeof data58 == "number") && (isFinite(data58))){
if(data58 < 0 || isNaN(data58)){
const err134 = {instancePath:instancePath+"/overall/runs_undecided/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
}
}
else {
const err135 = {instancePath:instancePath+"/overall/runs_undecided",schemaPath:"#/properties/overall/properties/runs_undecided/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
}
if(data51.p_value !== undefined){
let data59 = data51.p_value;
if((!((typeof data59 == "number") && (isFinite(data59)))) && (data59 !== null)){
const err136 = {instancePath:instancePath+"/overall/p_value",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
if((typeof data59 == "number") && (isFinite(data59))){
if(data59 > 1 || isNaN(data59)){
const err137 = {instancePath:instancePath+"/overall/p_value",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
if(data59 < 0 || isNaN(data59)){
const err138 = {instancePath:instancePath+"/overall/p_value",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
}
if(data51.min_attainable_p !== undefined){
let data60 = data51.min_attainable_p;
if((!((typeof data60 == "number") && (isFinite(data60)))) && (data60 !== null)){
const err139 = {instancePath:instancePath+"/overall/min_attainable_p",schemaPath:"#/definitions/probability/type",keyword:"type",params:{type: schema15.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
if((typeof data60 == "number") && (isFinite(data60))){
if(data60 > 1 || isNaN(data60)){
const err140 = {instancePath:instancePath+"/overall/min_attainable_p",schemaPath:"#/definitions/probability/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
if(data60 < 0 || isNaN(data60)){
const err141 = {instancePath:instancePath+"/overall/min_attainable_p",schemaPath:"#/definitions/probability/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
}
if(data51.common_odds_ratio !== undefined){
let data61 = data51.common_odds_ratio;
if((!((typeof data61 == "number") && (isFinite(data61)))) && (data61 !== null)){
const err142 = {instancePath:instancePath+"/overall/common_odds_ratio",schemaPath:"#/properties/overall/properties/common_odds_ratio/type",keyword:"type",params:{type: schema11.properties.overall.properties.common_odds_ratio.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if((typeof data61 == "number") && (isFinite(data61))){
if(data61 < 0 || isNaN(data61)){
const err143 = {instancePath:instancePath+"/overall/common_odds_ratio",schemaPath:"#/properties/overall/properties/common_odds_ratio/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
}
if(data51.skill_invocation !== undefined){
let data62 = data51.skill_invocation;
if(data62 && typeof data62 == "object" && !Array.isArray(data62)){
for(const key11 in data62){
if(!(validate12(data62[key11], {instancePath:instancePath+"/overall/skill_invocation/" + key11.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data62,parentDataProperty:key11,rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
}
else {
const err144 = {instancePath:instancePath+"/overall/skill_invocation",schemaPath:"#/properties/overall/properties/skill_invocation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
}
if(data51.evals_left_out !== undefined){
let data64 = data51.evals_left_out;
if(Array.isArray(data64)){
const len7 = data64.length;
for(let i8=0; i8<len7; i8++){
let data65 = data64[i8];
if(data65 && typeof data65 == "object" && !Array.isArray(data65)){
if(data65.id === undefined){
const err145 = {instancePath:instancePath+"/overall/evals_left_out/" + i8,schemaPath:"#/properties/overall/properties/evals_left_out/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
if(data65.skill === undefined){
const err146 = {instancePath:instancePath+"/overall/evals_left_out/" + i8,schemaPath:"#/properties/overall/properties/evals_left_out/items/required",keyword:"required",params:{missingProperty: "skill"},message:"must have required property '"+"skill"+"'"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
if(data65.reason === undefined){
const err147 = {instancePath:instancePath+"/overall/evals_left_out/" + i8,schemaPath:"#/properties/overall/properties/evals_left_out/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
for(const key12 in data65){
if(!(((key12 === "id") || (key12 === "skill")) || (key12 === "reason"))){
const err148 = {instancePath:instancePath+"/overall/evals_left_out/" + i8,schemaPath:"#/properties/overall/properties/evals_left_out/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
if(data65.id !== undefined){
if(typeof data65.id !== "string"){
const err149 = {instancePath:instancePath+"/overall/evals_left_out/" + i8+"/id",schemaPath:"#/properties/overall/properties/evals_left_out/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
}
if(data65.skill !== undefined){
let data67 = data65.skill;
if((typeof data67 !== "string") && (data67 !== null)){
const err150 = {instancePath:instancePath+"/overall/evals_left_out/" + i8+"/skill",schemaPath:"#/properties/overall/properties/evals_left_out/items/properties/skill/type",keyword:"type",params:{type: schema11.properties.overall.properties.evals_left_out.items.properties.skill.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
}
if(data65.reason !== undefined){
if(typeof data65.reason !== "string"){
const err151 = {instancePath:instancePath+"/overall/evals_left_out/" + i8+"/reason",schemaPath:"#/properties/overall/properties/evals_left_out/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
}
}
else {
const err152 = {instancePath:instancePath+"/overall/evals_left_out/" + i8,schemaPath:"#/properties/overall/properties/evals_left_out/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
}
}
else {
const err153 = {instancePath:instancePath+"/overall/evals_left_out",schemaPath:"#/properties/overall/properties/evals_left_out/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
}
else {
const err154 = {instancePath:instancePath+"/overall",schemaPath:"#/properties/overall/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
}
if(data.usage !== undefined){
let data69 = data.usage;
if(data69 && typeof data69 == "object" && !Array.isArray(data69)){
for(const key13 in data69){
let data70 = data69[key13];
if(data70 && typeof data70 == "object" && !Array.isArray(data70)){
if(data70.runs === undefined){
const err155 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "runs"},message:"must have required property '"+"runs"+"'"};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
if(data70.token_runs === undefined){
const err156 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "token_runs"},message:"must have required property '"+"token_runs"+"'"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
if(data70.tokens === undefined){
const err157 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "tokens"},message:"must have required property '"+"tokens"+"'"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
if(data70.cost_runs === undefined){
const err158 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "cost_runs"},message:"must have required property '"+"cost_runs"+"'"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
if(data70.cost_usd === undefined){
const err159 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "cost_usd"},message:"must have required property '"+"cost_usd"+"'"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
if(data70.cost_per_passed_assertion === undefined){
const err160 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/required",keyword:"required",params:{missingProperty: "cost_per_passed_assertion"},message:"must have required property '"+"cost_per_passed_assertion"+"'"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
for(const key14 in data70){
if(!((((((key14 === "runs") || (key14 === "token_runs")) || (key14 === "tokens")) || (key14 === "cost_runs")) || (key14 === "cost_usd")) || (key14 === "cost_per_passed_assertion"))){
const err161 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
}
if(data70.runs !== undefined){
let data71 = data70.runs;
if(!(((typeof data71 == "number") && (!(data71 % 1) && !isNaN(data71))) && (isFinite(data71)))){
const err162 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/runs",schemaPath:"#/definitions/usage/additionalProperties/properties/runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
if((typeof data71 == "number") && (isFinite(data71))){
if(data71 < 0 || isNaN(data71)){
const err163 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/runs",schemaPath:"#/definitions/usage/additionalProperties/properties/runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
}
}
if(data70.token_runs !== undefined){
let data72 = data70.token_runs;
if(!(((typeof data72 == "number") && (!(data72 % 1) && !isNaN(data72))) && (isFinite(data72)))){
const err164 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/token_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/token_runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
if((typeof data72 == "number") && (isFinite(data72))){
if(data72 < 0 || isNaN(data72)){
const err165 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/token_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/token_runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
}
}
if(data70.tokens !== undefined){
let data73 = data70.tokens;
if(data73 && typeof data73 == "object" && !Array.isArray(data73)){
if(data73.input === undefined){
const err166 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "input"},message:"must have required property '"+"input"+"'"};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
if(data73.output === undefined){
const err167 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "output"},message:"must have required property '"+"output"+"'"};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
if(data73.cache_read === undefined){
const err168 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "cache_read"},message:"must have required property '"+"cache_read"+"'"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
if(data73.cache_write === undefined){
const err169 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "cache_write"},message:"must have required property '"+"cache_write"+"'"};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
if(data73.reasoning === undefined){
const err170 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/required",keyword:"required",params:{missingProperty: "reasoning"},message:"must have required property '"+"reasoning"+"'"};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
for(const key15 in data73){
if(!(((((key15 === "input") || (key15 === "output")) || (key15 === "cache_read")) || (key15 === "cache_write")) || (key15 === "reasoning"))){
const err171 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key15},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
}
}
if(data73.input !== undefined){
let data74 = data73.input;
if((!((typeof data74 == "number") && (isFinite(data74)))) && (data74 !== null)){
const err172 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/input",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/input/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.input.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
if((typeof data74 == "number") && (isFinite(data74))){
if(data74 < 0 || isNaN(data74)){
const err173 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/input",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/input/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err173];
}
else {
vErrors.push(err173);
}
errors++;
}
}
}
if(data73.output !== undefined){
let data75 = data73.output;
if((!((typeof data75 == "number") && (isFinite(data75)))) && (data75 !== null)){
const err174 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/output",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/output/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.output.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err174];
}
else {
vErrors.push(err174);
}
errors++;
}
if((typeof data75 == "number") && (isFinite(data75))){
if(data75 < 0 || isNaN(data75)){
const err175 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/output",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/output/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err175];
}
else {
vErrors.push(err175);
}
errors++;
}
}
}
if(data73.cache_read !== undefined){
let data76 = data73.cache_read;
if((!((typeof data76 == "number") && (isFinite(data76)))) && (data76 !== null)){
const err176 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_read",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_read/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.cache_read.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err176];
}
else {
vErrors.push(err176);
}
errors++;
}
if((typeof data76 == "number") && (isFinite(data76))){
if(data76 < 0 || isNaN(data76)){
const err177 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_read",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_read/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err177];
}
else {
vErrors.push(err177);
}
errors++;
}
}
}
if(data73.cache_write !== undefined){
let data77 = data73.cache_write;
if((!((typeof data77 == "number") && (isFinite(data77)))) && (data77 !== null)){
const err178 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_write",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_write/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.cache_write.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err178];
}
else {
vErrors.push(err178);
}
errors++;
}
if((typeof data77 == "number") && (isFinite(data77))){
if(data77 < 0 || isNaN(data77)){
const err179 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/cache_write",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/cache_write/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err179];
}
else {
vErrors.push(err179);
}
errors++;
}
}
}
if(data73.reasoning !== undefined){
let data78 = data73.reasoning;
if((!((typeof data78 == "number") && (isFinite(data78)))) && (data78 !== null)){
const err180 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/reasoning",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/reasoning/type",keyword:"type",params:{type: schema25.additionalProperties.properties.tokens.properties.reasoning.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err180];
}
else {
vErrors.push(err180);
}
errors++;
}
if((typeof data78 == "number") && (isFinite(data78))){
if(data78 < 0 || isNaN(data78)){
const err181 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens/reasoning",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/properties/reasoning/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err181];
}
else {
vErrors.push(err181);
}
errors++;
}
}
}
}
else {
const err182 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/tokens",schemaPath:"#/definitions/usage/additionalProperties/properties/tokens/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err182];
}
else {
vErrors.push(err182);
}
errors++;
}
}
if(data70.cost_runs !== undefined){
let data79 = data70.cost_runs;
if(!(((typeof data79 == "number") && (!(data79 % 1) && !isNaN(data79))) && (isFinite(data79)))){
const err183 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_runs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err183];
}
else {
vErrors.push(err183);
}
errors++;
}
if((typeof data79 == "number") && (isFinite(data79))){
if(data79 < 0 || isNaN(data79)){
const err184 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_runs",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_runs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err184];
}
else {
vErrors.push(err184);
}
errors++;
}
}
}
if(data70.cost_usd !== undefined){
let data80 = data70.cost_usd;
if((!((typeof data80 == "number") && (isFinite(data80)))) && (data80 !== null)){
const err185 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_usd",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_usd/type",keyword:"type",params:{type: schema25.additionalProperties.properties.cost_usd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err185];
}
else {
vErrors.push(err185);
}
errors++;
}
if((typeof data80 == "number") && (isFinite(data80))){
if(data80 < 0 || isNaN(data80)){
const err186 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_usd",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_usd/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err186];
}
else {
vErrors.push(err186);
}
errors++;
}
}
}
if(data70.cost_per_passed_assertion !== undefined){
let data81 = data70.cost_per_passed_assertion;
if((!((typeof data81 == "number") && (isFinite(data81)))) && (data81 !== null)){
const err187 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_per_passed_assertion",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_per_passed_assertion/type",keyword:"type",params:{type: schema25.additionalProperties.properties.cost_per_passed_assertion.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err187];
}
else {
vErrors.push(err187);
}
errors++;
}
if((typeof data81 == "number") && (isFinite(data81))){
if(data81 < 0 || isNaN(data81)){
const err188 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cost_per_passed_assertion",schemaPath:"#/definitions/usage/additionalProperties/properties/cost_per_passed_assertion/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err188];
}
else {
vErrors.push(err188);
}
errors++;
}
}
}
}
else {
const err189 = {instancePath:instancePath+"/usage/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/usage/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err189];
}
else {
vErrors.push(err189);
}
errors++;
}
}
}
else {
const err190 = {instancePath:instancePath+"/usage",schemaPath:"#/definitions/usage/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err190];
}
else {
vErrors.push(err190);
}
errors++;
}
}
if(data.iterations !== undefined){
let data82 = data.iterations;
if(Array.isArray(data82)){
const len8 = data82.length;
for(let i9=0; i9<len8; i9++){
if(typeof data82[i9] !== "string"){
const err191 = {instancePath:instancePath+"/iterations/" + i9,schemaPath:"#/properties/iterations/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err191];
}
else {
vErrors.push(err191);
}
errors++;
}
}
}
else {
const err192 = {instancePath:instancePath+"/iterations",schemaPath:"#/properties/iterations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err192];
}
else {
vErrors.push(err192);
}
errors++;
}
}
if(data.excluded_count !== undefined){
let data84 = data.excluded_count;
if(!(((typeof data84 == "number") && (!(data84 % 1) && !isNaN(data84))) && (isFinite(data84)))){
const err193 = {instancePath:instancePath+"/excluded_count",schemaPath:"#/properties/excluded_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err193];
}
else {
vErrors.push(err193);
}
errors++;
}
if((typeof data84 == "number") && (isFinite(data84))){
if(data84 < 0 || isNaN(data84)){
const err194 = {instancePath:instancePath+"/excluded_count",schemaPath:"#/properties/excluded_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err194];
}
else {
vErrors.push(err194);
}
errors++;
}
}
}
}
else {
const err195 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err195];
}
else {
vErrors.push(err195);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

