"""Reference preparation for freesound-audio-tagging-2019 (spec: Prepare),
written independently of the Go code with shutil + pandas, run ONCE with
Debian's /usr/bin/python3 on the seed-0 fake raw data:

    go test ./internal/competitions/freesound_audio_tagging_2019 -run TestWriteFakeRaw -args -fakeraw-out RAW
    /usr/bin/python3 reference_prepare.py RAW OUT

The Zenodo download is replaced by a stub that copies the fake raw's
FSDKaggle2019.meta.local.zip to the download destination (spec, Prepare step
2). Writes golden_md5.json ({relative path: md5} of every prepared file) next
to this script. Also checks that every WAV clip in the fake zips is readable
by Python's wave module (16-bit PCM mono).
"""
import hashlib
import io
import json
import shutil
import sys
import wave
import zipfile
from pathlib import Path

import pandas as pd

CLASSES = sorted("""Accelerating_and_revving_and_vroom Accordion Acoustic_guitar Applause Bark Bass_drum
Bass_guitar Bathtub_(filling_or_washing) Bicycle_bell Burping_and_eructation Bus Buzz Car_passing_by
Cheering Chewing_and_mastication Child_speech_and_kid_speaking Chink_and_clink Chirp_and_tweet
Church_bell Clapping Computer_keyboard Crackle Cricket Crowd Cupboard_open_or_close
Cutlery_and_silverware Dishes_and_pots_and_pans Drawer_open_or_close Drip Electric_guitar Fart
Female_singing Female_speech_and_woman_speaking Fill_(with_liquid) Finger_snapping Frying_(food) Gasp
Glockenspiel Gong Gurgling Harmonica Hi-hat Hiss Keys_jangling Knock Male_singing
Male_speech_and_man_speaking Marimba_and_xylophone Mechanical_fan Meow Microwave_oven Motorcycle
Printer Purr Race_car_and_auto_racing Raindrop Run Scissors Screaming Shatter Sigh
Sink_(filling_or_washing) Skateboard Slam Sneeze Squeak Stream Strum Tap Tick-tock Toilet_flush
Traffic_noise_and_roadway_noise Trickle_and_dribble Walk_and_footsteps Water_tap_and_faucet
Waves_and_surf Whispering Writing Yell Zipper_(clothing)""".split())
assert len(CLASSES) == 80


def download_stub(raw: Path, dest: Path):
    shutil.copyfile(raw / "FSDKaggle2019.meta.local.zip", dest)


def prepare(raw: Path, public: Path, private: Path):
    copied = 0
    for p in sorted(raw.iterdir()):
        if "FSDKaggle2019.meta" in p.name:
            continue
        if p.is_dir():
            shutil.copytree(p, public / p.name)
        else:
            shutil.copy(p, public / p.name)
        copied += 1
    assert len(list(public.iterdir())) == copied

    zip_path = raw / "FSDKaggle2019.meta.zip"
    download_stub(raw, zip_path)
    shutil.unpack_archive(zip_path, raw)

    meta = pd.read_csv(raw / "FSDKaggle2019.meta" / "test_post_competition.csv")
    meta = meta[meta["usage"] == "Private"]
    rows = []
    for _, row in meta.iterrows():
        tokens = row["labels"].split(",")
        rows.append([row["fname"]] + [1 if c in tokens else 0 for c in CLASSES])
    answers = pd.DataFrame(rows, columns=["fname"] + CLASSES)
    answers.to_csv(private / "test.csv", index=False)

    sample = pd.read_csv(public / "sample_submission.csv")
    assert len(sample) == len(answers)
    assert list(sample.columns[1:]) == CLASSES
    assert list(sample.columns) == list(answers.columns)
    a = sample.sort_values("fname").reset_index(drop=True)["fname"]
    b = answers.sort_values("fname").reset_index(drop=True)["fname"]
    assert (a == b).all()

    zip_path.unlink()
    shutil.rmtree(raw / "FSDKaggle2019.meta")


def check_wavs(raw: Path):
    n = 0
    for z in ["train_curated.zip", "train_noisy.zip", "test.zip"]:
        with zipfile.ZipFile(raw / z) as zf:
            for name in zf.namelist():
                with wave.open(io.BytesIO(zf.read(name))) as w:
                    assert w.getnchannels() == 1 and w.getsampwidth() == 2 and w.getframerate() == 44100
                    assert w.getnframes() > 0
                    n += 1
    return n


def main():
    raw, out = Path(sys.argv[1]), Path(sys.argv[2])
    work = out / "raw"
    shutil.copytree(raw, work)
    public, private = out / "prepared" / "public", out / "prepared" / "private"
    public.mkdir(parents=True)
    private.mkdir(parents=True)
    print("wav clips readable:", check_wavs(work))
    prepare(work, public, private)
    left = sorted(p.name for p in work.iterdir())
    assert "FSDKaggle2019.meta.zip" not in left and "FSDKaggle2019.meta" not in left, left
    sums = {}
    for p in sorted((out / "prepared").rglob("*")):
        if p.is_file():
            sums[str(p.relative_to(out / "prepared"))] = hashlib.md5(p.read_bytes()).hexdigest()
    (Path(__file__).parent / "golden_md5.json").write_text(json.dumps(sums, indent=2, sort_keys=True) + "\n")


main()
