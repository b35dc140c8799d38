#!/usr/bin/python3
"""The scans' test corpus, made here rather than downloaded: barcodes drawn by zint (Debian's
`zint`), receipts rendered from text with a real font (DejaVu Sans Mono) by Pillow (`python3-pil`),
each in clean, rotated, blurred and noisy variants. Deterministic for a seed.

    tools/scan-corpus.py barcodes OUT_DIR COUNT [SEED]   # COUNT codes, each clean and rotated
    tools/scan-corpus.py receipts OUT_DIR COUNT [SEED]   # COUNT receipts, variants in turn
    tools/scan-corpus.py photo OUT_FILE WIDTH HEIGHT CODE # a large JPEG photo with one EAN-13 in it
    tools/scan-corpus.py bomb OUT_FILE WIDTH HEIGHT       # a PNG of one grey (a decompression bomb when large)
    tools/scan-corpus.py gif OUT_FILE                     # a small GIF

Each run writes OUT_DIR/manifest.json: the files and what they must be read as.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


def check_digit(digits):
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return str((10 - total % 10) % 10)


def zint(symbology, data, path):
    subprocess.run(["zint", "-b", symbology, "-d", data, "--scale=3", "-o", path], check=True, capture_output=True)


def barcode_image(kind, data, tmp):
    path = os.path.join(tmp, "code.png")
    zint({"EAN-13": "EANX", "EAN-8": "EANX", "UPC-A": "UPCA"}[kind], data, path)
    code = Image.open(path).convert("L")
    canvas = Image.new("L", (code.width + 160, code.height + 160), 255)
    canvas.paste(code, (80, 80))
    return canvas


def normalised(full):
    stripped = full.lstrip("0")
    width = 8 if len(stripped) <= 7 else 13
    return "0" * (width - len(stripped)) + stripped


def barcodes(out, count, seed):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(count):
            kind = ["EAN-13", "UPC-A", "EAN-8"][index % 3]
            body = "".join(rng.choice("0123456789") for _ in range({"EAN-13": 12, "UPC-A": 11, "EAN-8": 7}[kind]))
            if kind == "EAN-13" and body[0] == "0":
                body = "5" + body[1:]
            full = body + check_digit(body)
            image = barcode_image(kind, body, tmp)
            variants = {
                "clean": image,
                "rotated": image.rotate(rng.choice([90, 180, 270, 8, -12, 20, -25, 35]), expand=True, fillcolor=255,
                                        resample=Image.BICUBIC),
            }
            for variant, picture in variants.items():
                name = f"barcode-{index:03d}-{variant}.jpg"
                picture.convert("RGB").save(os.path.join(out, name), quality=92)
                items.append({"file": name, "set": variant, "kind": kind, "code": normalised(full)})
    json.dump(items, open(os.path.join(out, "manifest.json"), "w"), indent=1)


FOODS = ["MILK 2% 1L", "BREAD WHOLE WHEAT", "BANANAS", "EGGS LARGE 12", "CHEDDAR CHEESE", "GREEK YOGURT", "APPLES GALA",
         "CHICKEN BREAST", "RICE BASMATI 2KG", "PASTA PENNE", "TOMATO SAUCE", "OLIVE OIL", "BUTTER SALTED", "ORANGE JUICE",
         "COFFEE BEANS", "OATS ROLLED", "PEANUT BUTTER", "SPINACH", "CARROTS 1KG", "POTATOES 5LB", "GROUND BEEF",
         "SALMON FILLET", "TOFU FIRM", "BLUEBERRIES", "HONEY", "CEREAL CORN", "TEA BAGS", "SUGAR 2KG", "FLOUR 2KG"]
STORES = ["FRESHMART", "GREEN GROCER", "CITY FOODS", "VALUE MARKET", "CORNER STORE"]


def receipt_text(rng):
    store = rng.choice(STORES)
    date = f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    lines = []
    for food in rng.sample(FOODS, rng.randint(4, 8)):
        lines.append((food, rng.randint(50, 2999)))
    total = sum(price for _, price in lines)
    width = 32
    def row(label, cents):
        amount = f"{cents // 100}.{cents % 100:02d}"
        return label + " " * max(1, width - len(label) - len(amount)) + amount
    text = [store, "123 MAIN STREET", f"DATE {date}", ""]
    text += [row(food, price) for food, price in lines]
    text += ["", row("TOTAL", total), row("CASH", total + rng.randint(0, 500)), "", "THANK YOU"]
    return text, {"store": store, "date": date, "lines": [{"text": f, "cents": p} for f, p in lines], "total": total}


def render(text, rng):
    font = ImageFont.truetype(FONT, 26)
    height = 40 + 36 * len(text)
    image = Image.new("L", (640, height), 255)
    draw = ImageDraw.Draw(image)
    for index, line in index_lines(text):
        draw.text((40, 20 + 36 * index), line, font=font, fill=0)
    return image


def index_lines(text):
    return list(enumerate(text))


def noisy(image, rng):
    pixels = image.load()
    for y in range(image.height):
        for x in range(image.width):
            pixels[x, y] = max(0, min(255, pixels[x, y] + int(rng.gauss(0, 28))))
    return image


def receipts(out, count, seed):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    items = []
    for index in range(count):
        text, expected = receipt_text(rng)
        image = render(text, rng)
        variant = ["clean", "rotated", "blurred", "noisy"][index % 4]
        if variant == "rotated":
            image = image.rotate(rng.choice([-4, -3, -2, 2, 3, 4]), expand=True, fillcolor=255, resample=Image.BICUBIC)
        elif variant == "blurred":
            image = image.filter(ImageFilter.GaussianBlur(1.2))
        elif variant == "noisy":
            image = noisy(image, rng)
        name = f"receipt-{index:03d}-{variant}.png"
        image.save(os.path.join(out, name))
        items.append({"file": name, "set": variant, **expected})
    json.dump(items, open(os.path.join(out, "manifest.json"), "w"), indent=1)


def photo(path, width, height, code):
    """A phone-sized photo (a textured grey background) with one EAN-13 in the middle."""
    rng = random.Random(1)
    background = Image.effect_noise((width // 8, height // 8), 40).resize((width, height)).convert("RGB")
    with tempfile.TemporaryDirectory() as tmp:
        barcode = barcode_image("EAN-13", code[:12], tmp).resize((1200, 900))
    background.paste(barcode.convert("RGB"), ((width - 1200) // 2, (height - 900) // 2))
    background.save(path, quality=90)


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "barcodes":
        barcodes(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 28)
    elif command == "receipts":
        receipts(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 28)
    elif command == "bomb":
        # A decompression bomb: 6000×6000 pixels of one grey, a few kilobytes as a PNG.
        Image.new("L", (int(sys.argv[3]), int(sys.argv[4])), 128).save(sys.argv[2], format="PNG", optimize=True)
    elif command == "gif":
        Image.new("RGB", (64, 64), (200, 10, 10)).save(sys.argv[2], format="GIF")
    elif command == "photo":
        photo(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        sys.exit(__doc__)
