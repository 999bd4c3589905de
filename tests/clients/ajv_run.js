// ajv as a client would run it, for tests/test_clients.py: reads jobs (JSON) on stdin, writes results.
// A job: {kind: "openapi" | "schema", schema, type?, openapi?, strict?, objects: [YAML text, ...]}.
//   openapi: an OpenAPI document; `type` is the component to validate with.
//   schema: a JSON Schema (draft-07), or with `openapi: true` a CRD's openAPIV3Schema.
// OpenAPI 3.0's Schema Object is draft-04's dialect (`exclusiveMinimum: true`): ajv-draft-04 reads
// it, with its vendor keywords and formats declared; a JSON Schema is read by ajv's default class.
// A result: {compile: null | message, verdicts: [null | first error, ...]}, objects read as YAML 1.1.
"use strict";
const fs = require("fs");
const Ajv = require("ajv");
const AjvDraft04 = require("ajv-draft-04");
const YAML = require("yaml");

function declare(ajv, doc) {
  // docs:begin (docs/clients.md shows these two lines)
  const text = JSON.stringify(doc);
  ajv.addVocabulary(["openapi", "info", "paths", "components", ...new Set(text.match(/(?<=")x-[\w-]+(?=":)/g))]);
  new Set(text.match(/(?<="format":")[^"]+/g)).forEach((f) => ajv.addFormat(f, true));
  // docs:end
}

function run(job) {
  const openapi = job.kind === "openapi" || job.openapi;
  const ajv = new (openapi ? AjvDraft04 : Ajv)(job.strict ? { strict: true } : {});
  let validate;
  try {
    if (job.kind === "openapi") {
      declare(ajv, job.schema);
      ajv.addSchema(job.schema, "doc");
      validate = ajv.getSchema(`doc#/components/schemas/${job.type}`);
    } else {
      if (openapi) declare(ajv, job.schema);
      validate = ajv.compile(job.schema);
    }
  } catch (e) {
    return { compile: String(e.message), verdicts: [] };
  }
  const verdicts = job.objects.map((text) => {
    const obj = YAML.parse(text, { version: "1.1" });
    return validate(obj) ? null : `${validate.errors[0].instancePath} ${validate.errors[0].message}`;
  });
  return { compile: null, verdicts };
}

const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(jobs.map(run)));
