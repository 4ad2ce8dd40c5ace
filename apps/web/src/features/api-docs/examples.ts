// The code examples of the API docs: sending a message and verifying a webhook signature, in curl,
// JavaScript and Python. `base` is the address the docs are served from.
export type ExampleLanguage = 'curl' | 'javascript' | 'python';

export function sendExamples(base: string): Record<ExampleLanguage, string> {
  return {
    curl: `curl ${base}/api/v1/messages \\
  -H "Authorization: Bearer $KURIR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"to": "+38640123456", "text": "Your order has shipped."}'`,
    javascript: `const response = await fetch('${base}/api/v1/messages', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.KURIR_API_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(), // reuse it when you retry this send
  },
  body: JSON.stringify({ to: '+38640123456', text: 'Your order has shipped.' }),
});
const result = await response.json();
if (!response.ok) throw new Error(\`\${result.error.code}: \${result.error.message}\`);
console.log(result.messages[0].id, result.total_price, result.balance);`,
    python: `import os, uuid, requests

response = requests.post(
    "${base}/api/v1/messages",
    headers={
        "Authorization": f"Bearer {os.environ['KURIR_API_KEY']}",
        "Idempotency-Key": str(uuid.uuid4()),  # reuse it when you retry this send
    },
    json={"to": "+38640123456", "text": "Your order has shipped."},
    timeout=30,
)
result = response.json()
if not response.ok:
    raise RuntimeError(f"{result['error']['code']}: {result['error']['message']}")
print(result["messages"][0]["id"], result["total_price"], result["balance"])`,
  };
}

export const verifyExamples: Record<Exclude<ExampleLanguage, 'curl'>, string> = {
  javascript: `import crypto from 'node:crypto';

// rawBody: the request body exactly as received (a string), before any JSON parsing.
export function verifyKurirSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const timestamp = Number(parts.t);
  if (!parts.v1 || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

// Express: app.post('/webhooks/kurir', express.text({ type: 'application/json' }), (req, res) => {
//   if (!verifyKurirSignature(req.body, req.get('Kurir-Signature'), process.env.KURIR_WEBHOOK_SECRET)) return res.sendStatus(400);
//   const event = JSON.parse(req.body); // dedupe by event.id: deliveries are at least once
//   res.sendStatus(200);
// });`,
  python: `import hashlib, hmac, time

def verify_kurir_signature(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    parts = dict(p.split("=", 1) for p in header.split(","))
    timestamp = int(parts.get("t", "0"))
    if "v1" not in parts or abs(time.time() - timestamp) > tolerance:
        return False
    signed = f"{timestamp}.".encode() + raw_body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])

# Flask: verify_kurir_signature(request.get_data(), request.headers["Kurir-Signature"], SECRET)
# then json.loads the body; dedupe by event["id"] (deliveries are at least once).`,
};
