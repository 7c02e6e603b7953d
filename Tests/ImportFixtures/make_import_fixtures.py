#!/usr/bin/env python3
"""Writes the synthesized import fixtures under Fixtures/imports/ (our own data, MIT like the
project; nothing here is copied from another app). Run from the package root:

    python3 Tests/ImportFixtures/make_import_fixtures.py
    python3 Tests/ImportFixtures/make_import_fixtures.py --backup 5000 OUT.zip   # the benchmark's

The output is deterministic (fixed zip times), so rerunning changes nothing unless this script
changed. Fixtures/imports/README.md says what each file is for.
"""
import json
import struct
import zipfile
import zlib
from pathlib import Path

ROOT = Path("Fixtures/imports")
SYN = ROOT / "synthetic"
BAD = ROOT / "bad"
STAMP = (2024, 5, 1, 8, 0, 0)


def uuid(n):
    return "00000000-0000-4000-8000-%012d" % n


def zip_bytes(entries, method=zipfile.ZIP_DEFLATED):
    """A zip of (name, bytes) entries with fixed times, as bytes."""
    from io import BytesIO
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.compress_type = method
            z.writestr(info, data)
    return buf.getvalue()


def brew(n, bean, mill, prep, **fields):
    b = {
        "grind_size": "12", "grind_weight": 18, "method_of_preparation": prep, "mill": mill, "bean": bean,
        "brew_temperature": 93, "brew_time": 28, "brew_time_milliseconds": 0, "brew_quantity": 0,
        "brew_quantity_type": "GR", "note": "", "rating": 0, "coffee_first_drip_time": 6,
        "coffee_first_drip_time_milliseconds": 500, "brew_beverage_quantity": 36,
        "brew_beverage_quantity_type": "GR",
        "config": {"uuid": uuid(1000 + n), "unix_timestamp": 1714550400 + 600 * n},
    }
    b.update(fields)
    return b


def backup_parts():
    """A backup whose brews and beans are split over three entries, as the app does past 500."""
    beans = [
        {"name": "Guji Natural", "roaster": "Cafe Lumen", "roastingDate": "2024-04-20T00:00:00.000Z",
         "roast": "LIGHT", "note": "", "config": {"uuid": uuid(1), "unix_timestamp": 1714000000}},
        {"name": "House Blend", "roaster": "Cafe Lumen", "roastingDate": "", "roast": "UNKNOWN", "note": "",
         "config": {"uuid": uuid(2), "unix_timestamp": 1714000000}},
    ]
    extra_beans = [
        # Day and month could be either way round: not read as a date.
        {"name": "Sidamo Washed", "roaster": "Roastery North", "roastingDate": "04.05.2024", "roast": "MEDIUM",
         "note": "", "config": {"uuid": uuid(3), "unix_timestamp": 1714000000}},
    ]
    mills = [{"name": "Niche Zero", "config": {"uuid": uuid(10), "unix_timestamp": 1714000000}},
             {"name": "Comandante C40", "config": {"uuid": uuid(11), "unix_timestamp": 1714000000}}]
    preps = [{"name": "Gaggia Classic", "type": "CUSTOM_PREPARATION", "style_type": "ESPRESSO",
              "config": {"uuid": uuid(20), "unix_timestamp": 1714000000}},
             {"name": "Chemex", "type": "CHEMEX", "style_type": "POUR OVER",
              "config": {"uuid": uuid(21), "unix_timestamp": 1714000000}}]
    e, c = uuid(20), uuid(21)
    main_brews = [
        brew(1, uuid(1), uuid(10), e, note="sour and thin", rating=3),
        # Numbers written as strings, as older app versions did.
        brew(2, uuid(1), uuid(10), e, grind_weight="18.5", brew_beverage_quantity="38.2", brew_time="27",
             brew_time_milliseconds="250", grind_size=11.5, note="balanced, sweet"),
        # A Chemex: skipped and counted.
        brew(3, uuid(2), uuid(11), c, grind_weight=30, brew_beverage_quantity=0, brew_quantity=500,
             brew_time=240),
    ]
    part_brews = [
        # A grind setting that is not a number.
        brew(4, uuid(3), uuid(10), e, grind_size="2 clicks past 10", note="a bit bitter"),
        # A dose of 0: not recorded.
        brew(5, uuid(3), uuid(10), e, grind_weight=0, note="forgot to weigh"),
        # An old-style float time.
        brew(6, uuid(2), uuid(10), e, brew_time=31.4, brew_time_milliseconds=0),
        # Strong and fast: with --taste-from-notes, in the default table's gap (no rule decides).
        brew(7, uuid(1), uuid(10), e, brew_time=21, note="strong, very intense"),
    ]
    main = {"BEANS": beans, "BREWS": main_brews, "MILL": mills, "PREPARATION": preps,
            "SETTINGS": [{"brew_rating": 5, "brew_rating_steps": 1}], "VERSION": []}
    return zip_bytes([
        ("Beanconqueror.json", json.dumps(main)),
        ("Beanconqueror_Brews_1.json", json.dumps(part_brews)),
        ("Beanconqueror_Beans_1.json", json.dumps(extra_beans)),
    ]), main, part_brews, extra_beans


def visualizer_shot():
    """A shot as Visualizer serves it: numbers as strings."""
    times = ["%.3f" % (0.25 * i) for i in range(121)]
    weight = ["%.1f" % max(0.0, (0.25 * i - 7) * 1.45) for i in range(121)]
    pressure = ["%.2f" % min(9.0, 0.3 * i) for i in range(121)]
    return {
        "id": "5e3c8d1a-0c55-4f7e-9a3d-7b1e2f4a6c80", "duration": 30.0, "profile_title": "Default",
        "user_id": "11111111-2222-4333-8444-555555555555", "drink_tds": "0", "drink_ey": "0",
        "espresso_enjoyment": 75, "bean_weight": "18.0", "drink_weight": "36.6", "grinder_model": "Niche Zero",
        "grinder_setting": "15", "bean_brand": "Cafe Lumen", "bean_type": "Guji Natural", "roast_date": "2024-04-20",
        "espresso_notes": "a touch sour", "roast_level": "Light", "bean_notes": "", "barista": None,
        "start_time": "2024-05-01T08:30:00.000Z", "timeframe": times,
        "data": {"espresso_weight": weight, "espresso_pressure": pressure},
    }


def decent_pair():
    """The same Decent shot saved as .shot and as v2 JSON, the rating given later to the .shot only."""
    elapsed = " ".join("%.3f" % (0.25 * i) for i in range(109))
    weight = " ".join("%.1f" % max(0.0, (0.25 * i - 6) * 1.7) for i in range(109))
    shot = (
        "clock 1714552200\n"
        "espresso_elapsed {%s}\n"
        "espresso_weight {%s}\n"
        "settings {\n"
        "\tgrinder_dose_weight 18.0\n\tdrink_weight 36.1\n\tgrinder_model {Niche Zero}\n\tgrinder_setting 14\n"
        "\tespresso_enjoyment 60\n\tespresso_notes {bright, a little sour}\n\tbean_brand {Cafe Lumen}\n"
        "\tbean_type {Guji Natural}\n\troast_date 2024.04.20\n\tespresso_temperature 93.0\n"
        "\tsettings_profile_type settings_2c\n\tfinal_desired_shot_weight_advanced 36\n"
        "}\n"
        "machine {\n\tfirmware {}\n}\n"
    ) % (elapsed, weight)
    js = {
        "version": "2", "clock": "1714552200", "timestamp": "1714552200",
        "elapsed": ["%.3f" % (0.25 * i) for i in range(109)],
        "totals": {"weight": ["%.1f" % max(0.0, (0.25 * i - 6) * 1.7) for i in range(109)]},
        "meta": {"bean": {"brand": "Cafe Lumen", "type": "Guji Natural", "notes": "", "roast_level": "",
                          "roast_date": "2024.04.20"},
                 "shot": {"enjoyment": "0", "notes": "bright, a little sour", "tds": "0", "ey": "0"},
                 "grinder": {"model": "Niche Zero", "setting": "14"}, "in": "18.0", "out": "36.1", "time": "27.0"},
        "app": {"app_name": "DE1App", "app_version": "1.43.0", "data": {"settings": {"espresso_temperature": "93.0"}}},
    }
    return shot, json.dumps(js, indent=1)


def bad_inputs():
    good = zip_bytes([("Beanconqueror.json", json.dumps({"BEANS": [], "BREWS": []}))])
    (BAD / "truncated.zip").write_bytes(good[: len(good) // 2])
    # Flip bytes inside the deflate stream: zlib refuses it (or the checksum does).
    corrupt = bytearray(good)
    for i in range(50, 58):
        corrupt[i] ^= 0x5A
    (BAD / "corrupt.zip").write_bytes(bytes(corrupt))
    # 65 MiB of zeros: more than an entry may inflate to (64 MiB), declared in the headers.
    (BAD / "bomb.zip").write_bytes(zip_bytes([("Beanconqueror.json", b"\0" * (65 << 20))]))
    # An entry that says 100 bytes but inflates to a megabyte: stopped at 100.
    liar = bytearray(zip_bytes([("Beanconqueror.json", b" " * (1 << 20))]))
    for sig, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = liar.find(sig)
        struct.pack_into("<I", liar, at + offset, 100)
    (BAD / "lying-size.zip").write_bytes(bytes(liar))
    (BAD / "no-backup.zip").write_bytes(zip_bytes([("notes.txt", "hello")]))
    (BAD / "unbalanced-braces.shot").write_bytes(
        b"clock 1714552200\nespresso_elapsed {0.0 0.25 0.5}\nsettings {\n\tespresso_notes {sour {really\n"
        b"\tdrink_weight 36\n}\n")
    (BAD / "stray-brace.shot").write_bytes(b"clock 1714552200\nsettings {\n\tdrink_weight 36\n}}\n")
    (BAD / "nul-in-notes.shot").write_bytes(
        b"clock 1714552200\nsettings {\n\tespresso_notes {sour\x00ish}\n\tdrink_weight 36\n}\n")
    (BAD / "nul-byte.json").write_bytes(b'{"id": "a", "timeframe": ["0"],\x00 "data": {}}')
    (BAD / "utf16.json").write_bytes('{"id": "x", "timeframe": []}'.encode("utf-16"))
    (BAD / "unknown.txt").write_bytes(b"date,dose,yield\n2024-05-01,18,36\n")
    (BAD / "unknown-keys.json").write_bytes(b'{"shots": [], "owner": "me"}')


def big_backup(count, path):
    """A Beanconqueror backup of `count` espresso brews over 12 beans and 3 mills, split into
    parts of 500 as the app does; seeded, so every run writes the same bytes."""
    import random
    rng = random.Random(11)
    beans = [{"name": "Bean %02d" % b, "roaster": "Roaster %d" % (b % 4), "roastingDate": "2024-03-%02dT00:00:00.000Z" % (b + 1),
              "roast": "MEDIUM", "note": "", "config": {"uuid": uuid(100 + b), "unix_timestamp": 1709000000}}
             for b in range(12)]
    mills = [{"name": "Mill %d" % m, "config": {"uuid": uuid(200 + m), "unix_timestamp": 1709000000}} for m in range(3)]
    preps = [{"name": "Espresso machine", "type": "CUSTOM_PREPARATION", "style_type": "ESPRESSO",
              "config": {"uuid": uuid(300), "unix_timestamp": 1709000000}}]
    notes = ["sour", "a bit bitter", "balanced", "thin and sour", "strong", "", "harsh finish", "sweet, balanced"]
    brews = []
    for n in range(count):
        b = brew(n + 10_000, uuid(100 + n % 12), uuid(200 + n % 3), uuid(300),
                 grind_size="%.1f" % (10 + rng.randint(0, 20) / 2), grind_weight=round(17.5 + rng.random(), 1),
                 brew_beverage_quantity=round(34 + rng.random() * 6, 1), brew_time=rng.randint(20, 36),
                 brew_time_milliseconds=rng.randint(0, 999), note=rng.choice(notes), rating=rng.randint(0, 5))
        b["config"]["unix_timestamp"] = 1709500000 + 900 * n
        brews.append(b)
    main = {"BEANS": beans, "BREWS": brews[:500], "MILL": mills, "PREPARATION": preps,
            "SETTINGS": [{"brew_rating": 5}], "VERSION": []}
    entries = [("Beanconqueror.json", json.dumps(main))]
    for i in range(1, (count + 499) // 500):
        entries.append(("Beanconqueror_Brews_%d.json" % i, json.dumps(brews[500 * i:500 * (i + 1)])))
    Path(path).write_bytes(zip_bytes(entries))


def main():
    import sys
    if len(sys.argv) == 4 and sys.argv[1] == "--backup":
        big_backup(int(sys.argv[2]), sys.argv[3])
        return
    SYN.mkdir(parents=True, exist_ok=True)
    BAD.mkdir(parents=True, exist_ok=True)
    data, _, _, _ = backup_parts()
    (SYN / "beanconqueror-parts.zip").write_bytes(data)
    (SYN / "visualizer-shot.json").write_text(json.dumps(visualizer_shot(), indent=1) + "\n")
    shot, js = decent_pair()
    (SYN / "decent-rated-later.shot").write_text(shot)
    (SYN / "decent-rated-later.json").write_text(js + "\n")
    bad_inputs()


if __name__ == "__main__":
    main()
