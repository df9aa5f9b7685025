"""Names as each language writes them (issue 25 item 2): the name lists checked against
native-usage tables gathered from public sources, the source beside each table.

These are facts copied from the pages named (not computed); where our table keeps another
usage than the source, the difference is listed with its reason. Lists without a table
here are still the Sanskrit names carried into each script (``almanac.names``), which is
how those almanacs write them; tables for them are future work (docs/whatsapp.md).
"""

from __future__ import annotations

import pytest

from lokpanchang.almanac.names import scripts, table
from lokpanchang.almanac.observances.names_table import ekadashi_names

# Weekdays: glibc's locale sources, field ``day``
# (https://sourceware.org/git/?p=glibc.git;a=tree;f=localedata/locales, <lang>_IN), the
# CLDR-derived names the months of the message already come from. glibc writes Malayalam's
# final consonants with ZWJ (ന്‍); they are written here as the atomic chillus (ൻ) Unicode 5.1
# added for them, the same letters.
WEEKDAYS = {
    "hi": "रविवार सोमवार मंगलवार बुधवार गुरुवार शुक्रवार शनिवार",
    "mr": "रविवार सोमवार मंगळवार बुधवार गुरुवार शुक्रवार शनिवार",
    "ta": "ஞாயிறு திங்கள் செவ்வாய் புதன் வியாழன் வெள்ளி சனி",
    "te": "ఆదివారం సోమవారం మంగళవారం బుధవారం గురువారం శుక్రవారం శనివారం",
    "kn": "ರವಿವಾರ ಸೋಮವಾರ ಮಂಗಳವಾರ ಬುಧವಾರ ಗುರುವಾರ ಶುಕ್ರವಾರ ಶನಿವಾರ",
    "ml": "ഞായർ തിങ്കൾ ചൊവ്വ ബുധൻ വ്യാഴം വെള്ളി ശനി",
    "gu": "રવિવાર સોમવાર મંગળવાર બુધવાર ગુરુવાર શુક્રવાર શનિવાર",
    "bn": "রবিবার সোমবার মঙ্গলবার বুধবার বৃহস্পতিবার শুক্রবার শনিবার",
}
# (language, Sunday-first index) -> (our name, why it differs from the source).
WEEKDAY_USAGE_KEPT = {
    ("kn", 0): ("ಭಾನುವಾರ", "both are in use; ours (Bhanu, the Sun) was kept, glibc has ರವಿವಾರ"),
}

# Nakshatras in Malayalam usage: "മലയാളം പഞ്ചാംഗത്തിലെ നക്ഷത്രങ്ങൾ (27)",
# http://kaakkoo.blogspot.com/2011/12/blog-post_13.html. The 25th is spelled three ways:
# പൂരൂരുട്ടാതി there, പൂരോരുട്ടാതി on theertham-masika.blogspot.com/2009; we write
# പൂരുരുട്ടാതി (a Malayalam reader should pick one: not settled this session).
MALAYALAM_NAKSHATRAS = (
    "അശ്വതി ഭരണി കാർത്തിക രോഹിണി മകയിരം തിരുവാതിര പുണർതം പൂയം ആയില്യം മകം പൂരം ഉത്രം "
    "അത്തം ചിത്തിര ചോതി വിശാഖം അനിഴം തൃക്കേട്ട മൂലം പൂരാടം ഉത്രാടം തിരുവോണം അവിട്ടം "
    "ചതയം പൂരുരുട്ടാതി ഉത്രട്ടാതി രേവതി"
)
# Nakshatras in Tamil usage: 1-23 as https://supertamilan.blogspot.com/2014/04/blog-post_18.html
# lists them, 24-27 (சதயம், பூரட்டாதி, உத்திரட்டாதி, ரேவதி) as
# https://srijainageshwari.blogspot.com/p/k6.html does.
TAMIL_NAKSHATRAS = (
    "அஸ்வினி பரணி கார்த்திகை ரோகிணி மிருகசீரிடம் திருவாதிரை புனர்பூசம் பூசம் ஆயில்யம் மகம் "
    "பூரம் உத்திரம் அஸ்தம் சித்திரை சுவாதி விசாகம் அனுஷம் கேட்டை மூலம் பூராடம் உத்திராடம் "
    "திருவோணம் அவிட்டம் சதயம் பூரட்டாதி உத்திரட்டாதி ரேவதி"
)
# Tithis in Tamil usage: 1-12 as https://www.muthamizhmalar.com/ ("திதிகள் என்றால் என்ன ?
# அதன் விளக்கம்?") lists them, 13-16 as https://jothidaanubavam.blogspot.com/2015/12/1.html
# ("திரயோதசி, சதுர்த்தசி, பௌர்ணமி (அல்லது) அமாவாசை").
TAMIL_TITHIS = (
    "பிரதமை துவிதியை திருதியை சதுர்த்தி பஞ்சமி சஷ்டி சப்தமி அஷ்டமி நவமி தசமி ஏகாதசி துவாதசி "
    "திரயோதசி சதுர்த்தசி பௌர்ணமி அமாவாசை"
)
# Tithis in Telugu usage: https://acchatelugupth.blogspot.com/2020/03/blog-post_51.html
# ("తిథులు"; it writes the first పాఢ్యమి) and
# http://sravanthisai.blogspot.com/2008/10/day-in-telugu-tithi.html (పాడ్యమి).
TELUGU_TITHIS = "పాడ్యమి విదియ తదియ చవితి పంచమి షష్ఠి సప్తమి అష్టమి నవమి దశమి ఏకాదశి ద్వాదశి త్రయోదశి చతుర్దశి పౌర్ణమి అమావాస్య"
# Tithis in Kannada usage: https://kn.wikipedia.org/wiki/ಪಂಚಾಂಗ ("ತಿಥಿಗಳು ಯಾವುವೆಂದರೆ:
# ಪಾಡ್ಯ, ಬಿದಿಗೆ, ತದಿಗೆ, ಚೌತಿ …"; Shukla ends with ಹುಣ್ಣಿಮೆ, Krishna with ಅಮಾವಾಸ್ಯೆ).
KANNADA_TITHIS = "ಪಾಡ್ಯ ಬಿದಿಗೆ ತದಿಗೆ ಚೌತಿ ಪಂಚಮಿ ಷಷ್ಠಿ ಸಪ್ತಮಿ ಅಷ್ಟಮಿ ನವಮಿ ದಶಮಿ ಏಕಾದಶಿ ದ್ವಾದಶಿ ತ್ರಯೋದಶಿ ಚತುರ್ದಶಿ ಹುಣ್ಣಿಮೆ ಅಮಾವಾಸ್ಯೆ"
# Ekadashi names in Hindi: issue 25 names उत्पन्ना (not उत्पंना); Hindi keeps a doubled न,
# and writes a nasal as anusvara only before a stop of its own class (पापांकुशा, इंदिरा).
HINDI_EKADASHIS = {(8, 2): "उत्पन्ना एकादशी", (7, 1): "पापांकुशा एकादशी", (6, 2): "इंदिरा एकादशी"}


@pytest.mark.parametrize("lang", sorted(WEEKDAYS))
def test_weekdays_are_the_locales(lang):
    expected = WEEKDAYS[lang].split()
    for (code, index), (ours, _why) in WEEKDAY_USAGE_KEPT.items():
        if code == lang:
            expected[index] = ours
    assert list(table("vara", lang)) == expected


def test_malayalam_nakshatras_are_malayalam_usage():
    assert list(table("nakshatra", "ml")) == MALAYALAM_NAKSHATRAS.split()
    assert table("nakshatra", "ml")[10:12] == ("പൂരം", "ഉത്രം")  # issue 25's examples


def test_tamil_nakshatras_are_tamil_usage():
    assert list(table("nakshatra", "ta")) == TAMIL_NAKSHATRAS.split()


@pytest.mark.parametrize(
    "lang, usage", [("ta", TAMIL_TITHIS), ("te", TELUGU_TITHIS), ("kn", KANNADA_TITHIS)]
)
def test_tithis_are_the_languages_usage(lang, usage):
    assert list(table("tithi", lang)) == usage.split()


@pytest.mark.parametrize("month_paksha", sorted(HINDI_EKADASHIS))
def test_hindi_ekadashi_names_keep_a_doubled_nasal(month_paksha):
    assert ekadashi_names(*month_paksha)["hi"] == HINDI_EKADASHIS[month_paksha]


@pytest.mark.parametrize(
    "sanskrit, hindi",
    [
        ("उत्पन्ना", "उत्पन्ना"),  # doubled: stays
        ("मन्मथ", "मन्मथ"),  # before another nasal: stays
        ("बहुधान्य", "बहुधान्य"),  # before ya, after na: stays
        ("पापाङ्कुशा", "पापांकुशा"),  # ङ before क: anusvara
        ("पञ्चमी", "पंचमी"),
        ("अतिगण्ड", "अतिगंड"),
        ("संक्रान्ति", "संक्रांति"),
        ("विष्कम्भ", "विष्कंभ"),
        ("सम्वत्", "संवत्"),  # म before a semivowel
    ],
)
def test_anusvara_replaces_a_nasal_only_before_its_own_class(sanskrit, hindi):
    assert scripts.with_anusvara(sanskrit) == hindi
