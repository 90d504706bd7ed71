import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { decodeCsv, detectDelimiter } from "@/lib/imports/csv-decoding";

async function textOf(bytes: Buffer[]): Promise<{ text: string; delimiter: string }> {
  const { text, delimiter } = await decodeCsv(Readable.from(bytes));
  let out = "";
  for await (const chunk of text) out += chunk;
  return { text: out, delimiter };
}

describe("detectDelimiter", () => {
  it("takes the header row's most used of , ; tab |, ignoring quoted text and later lines", () => {
    expect(detectDelimiter("email,first_name\na;b;c;d")).toBe(",");
    expect(detectDelimiter('email;first_name;"a,b,c"\n')).toBe(";");
    expect(detectDelimiter("email\tname\r\n")).toBe("\t");
    expect(detectDelimiter("email|name")).toBe("|");
    expect(detectDelimiter("email\n")).toBe(",");
  });
});

describe("decodeCsv", () => {
  it("strips a UTF-8 byte-order mark and keeps characters split across chunks", async () => {
    const bytes = Buffer.from("\ufeffemail;name\r\nzoe@example.com;Zoë 💡\r\n");
    const { text, delimiter } = await textOf([bytes.subarray(0, 5), bytes.subarray(5, 36), bytes.subarray(36)]);
    expect(text).toBe("email;name\r\nzoe@example.com;Zoë 💡\r\n");
    expect(delimiter).toBe(";");
  });

  it("transcodes UTF-16 with a byte-order mark, little and big endian", async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("email\tname\nzoe@example.com\tZoë\n", "utf16le")]);
    expect(await textOf([le])).toEqual({ text: "email\tname\nzoe@example.com\tZoë\n", delimiter: "\t" });
    const be = Buffer.from(le.subarray(2)).swap16();
    expect((await textOf([Buffer.concat([Buffer.from([0xfe, 0xff]), be])])).text).toBe("email\tname\nzoe@example.com\tZoë\n");
  });

  it("refuses bytes that are not UTF-8, and UTF-16 without a byte-order mark", async () => {
    const latin1 = Buffer.from("email,name\nzoe@example.com,Zoë\n", "latin1");
    await expect(textOf([latin1])).rejects.toMatchObject({ code: "csv_unreadable", message: expect.stringContaining("not UTF-8") });
    const late = [Buffer.from(`email,name\n${"a@example.com,A\n".repeat(10_000)}`), Buffer.from([0x5a, 0x6f, 0xeb, 0x0a])];
    await expect(textOf(late)).rejects.toMatchObject({ code: "csv_unreadable" });
    await expect(textOf([Buffer.from("email,name\n", "utf16le")])).rejects.toMatchObject({
      code: "csv_unreadable",
      message: expect.stringContaining("UTF-16"),
    });
  });

  it("passes an empty file through as no text", async () => {
    expect(await textOf([])).toEqual({ text: "", delimiter: "," });
  });
});
