import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { escapeText, eventIcs, foldLine, utcStamp } from "../../src/build/ics";
import { domainEvent } from "./support/catalogue-fixture";

const OPTIONS = { url: "https://tickets.example/ru/events/7/", uidDomain: "tickets.example", lang: "ru" as const };

describe(".ics files (RFC 5545)", () => {
  it("escapes backslash, semicolon, comma and newlines in text", () => {
    assert.equal(escapeText("a\\b;c,d\ne\r\nf"), "a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("writes DTSTART/DTEND in UTC from the +04:00 times", () => {
    assert.equal(utcStamp("2026-12-12T20:00:00+04:00"), "20261212T160000Z");
  });

  it("ends every line with CRLF and has no bare LF", () => {
    const ics = eventIcs(domainEvent(7), OPTIONS);
    assert.ok(ics.endsWith("\r\n"));
    assert.doesNotMatch(ics.replace(/\r\n/g, ""), /\n|\r/);
    assert.match(ics, /^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
  });

  it("folds lines at 75 octets without splitting a multi-byte character", () => {
    const title = "Концерт ".repeat(20) + "حفلة موسيقية ".repeat(10);
    const ics = eventIcs(domainEvent(7, { title }), OPTIONS);
    const lines = ics.split("\r\n");
    for (const line of lines) assert.ok(Buffer.byteLength(line, "utf8") <= 75, `${Buffer.byteLength(line)}: ${line}`);
    const unfolded = ics.replace(/\r\n /g, "");
    assert.ok(unfolded.includes(`SUMMARY;LANGUAGE=ru:${escapeText(title)}`));
    assert.ok(!ics.includes("\uFFFD"));
    assert.equal(foldLine("short"), "short");
    const emoji = foldLine(`SUMMARY:${"🎷🎺".repeat(40)}`);
    for (const line of emoji.split("\r\n")) assert.ok(Buffer.byteLength(line, "utf8") <= 75);
    assert.equal(emoji.replace(/\r\n /g, ""), `SUMMARY:${"🎷🎺".repeat(40)}`, "no surrogate pair is split");
  });

  it("has UID, DTSTAMP, DTSTART, DTEND, SUMMARY, LOCATION, URL and a text DESCRIPTION", () => {
    const ics = eventIcs(domainEvent(7, { title: "Jazz, night; live", hall: { id: 1, title: "Hall A" } }), OPTIONS).replace(/\r\n /g, "");
    assert.match(ics, /\r\nUID:event-7@tickets\.example\r\n/);
    assert.match(ics, /\r\nDTSTAMP:20261101T060000Z\r\n/);
    assert.match(ics, /\r\nDTSTART:20261212T160000Z\r\n/);
    assert.match(ics, /\r\nDTEND:20261212T190000Z\r\n/);
    assert.match(ics, /\r\nSUMMARY;LANGUAGE=ru:Jazz\\, night\\; live\r\n/);
    assert.match(ics, /\r\nLOCATION;LANGUAGE=ru:Coca-Cola Arena\\, Hall A\\, Dubai\r\n/);
    assert.match(ics, /\r\nURL:https:\/\/tickets\.example\/ru\/events\/7\/\r\n/);
    assert.match(ics, /\r\nDESCRIPTION;LANGUAGE=ru:Long description\\n\\nhttps/);
    assert.doesNotMatch(ics, /<p>/);
  });

  it("gives an event without an end two hours, and marks a cancelled one", () => {
    const ics = eventIcs(domainEvent(7, { finishedAt: null, status: "cancelled" }), OPTIONS);
    assert.match(ics, /DTEND:20261212T180000Z/);
    assert.match(ics, /STATUS:CANCELLED/);
  });
});
