import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { escapeText, eventIcs, foldLine, utcStamp } from "../../src/core/ics";
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
    const ics = eventIcs(
      domainEvent(7, { title: "Jazz, night; live", hall: { id: 1, title: "Hall A" } }),
      OPTIONS,
    ).replace(/\r\n /g, "");
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

describe(".ics of an event with several sessions", () => {
  const twoEvenings = [
    { startedAt: "2026-12-10T19:30:00+04:00", finishedAt: "2026-12-10T22:00:00+04:00" },
    { startedAt: "2026-12-11T19:30:00+04:00", finishedAt: "2026-12-11T22:00:00+04:00" },
  ];
  const event = domainEvent(2, { startedAt: "2026-12-10T19:30:00+04:00", finishedAt: "2026-12-11T22:00:00+04:00" });

  it("books each session, not one block from the first start to the last end", () => {
    const ics = eventIcs(event, { ...OPTIONS, sessions: twoEvenings });
    assert.equal(ics.match(/BEGIN:VEVENT/g)?.length, 2);
    assert.deepEqual(ics.match(/DTSTART:\w+/g), ["DTSTART:20261210T153000Z", "DTSTART:20261211T153000Z"]);
    assert.deepEqual(ics.match(/DTEND:\w+/g), ["DTEND:20261210T180000Z", "DTEND:20261211T180000Z"]);
    const uids = ics.match(/UID:\S+/g) ?? [];
    assert.equal(new Set(uids).size, 2, "each session has its own UID");
  });

  it("keeps one VEVENT with the event's UID for a single session", () => {
    const ics = eventIcs(event, { ...OPTIONS, sessions: [twoEvenings[0]!] });
    assert.equal(ics.match(/BEGIN:VEVENT/g)?.length, 1);
    assert.match(ics, /\r\nUID:event-2@tickets\.example\r\n/);
  });
});
