"""The names the observance rules use: kinds of vrat, Ekadashis by month, signs, festivals.

Spellings: English as drikpanchang.com writes them; the Devanagari is carried into the other
scripts by ``naming.names_of``; languages with their own everyday name get it explicitly.
"""

from __future__ import annotations

from functools import cache

from lokpanchang.almanac.names import SUPPORTED_LANGUAGES, label
from lokpanchang.almanac.observances.naming import names_of

# Sanskrit names the full and new moon पौर्णमासी and अमावास्या, as its tithi names do.
PURNIMA = names_of("Purnima", "पूर्णिमा", ta="பௌர்ணமி", sa="पौर्णमासी")
AMAVASYA = names_of("Amavasya", "अमावस्या", ta="அமாவாசை", sa="अमावास्या")
SANKASHTI = names_of("Sankashti Chaturthi", "सङ्कष्टी चतुर्थी", ta="சங்கடஹர சதுர்த்தி")
VINAYAKA = names_of("Vinayaka Chaturthi", "विनायक चतुर्थी", ta="விநாயக சதுர்த்தி")
PRADOSH = names_of("Pradosh Vrat", "प्रदोष व्रत", ta="பிரதோஷம்")
SHIVARATRI = names_of("Masik Shivaratri", "मासिक शिवरात्रि", ta="மாத சிவராத்திரி")
DURGASHTAMI = names_of("Masik Durgashtami", "मासिक दुर्गाष्टमी")
SANKRANTI = names_of("Sankranti", "संक्रान्ति", ta="சங்கராந்தி")
EKADASHI = names_of("Ekadashi", "एकादशी", ta="ஏகாதசி")

# Sidereal signs 1 (Mesha) .. 12 (Meena), as drikpanchang.com names the sankrantis.
SIGNS = (
    names_of("Mesha", "मेष"),
    names_of("Vrishabha", "वृषभ"),
    names_of("Mithuna", "मिथुन"),
    names_of("Karka", "कर्क"),
    names_of("Simha", "सिंह"),
    names_of("Kanya", "कन्या"),
    names_of("Tula", "तुला"),
    names_of("Vrishchika", "वृश्चिक"),
    names_of("Dhanu", "धनु"),
    names_of("Makara", "मकर"),
    names_of("Kumbha", "कुम्भ"),
    names_of("Meena", "मीन"),
)

# Ekadashi names by (amanta month 1..12, paksha 1 Shukla / 2 Krishna); month 0 is an
# adhika month. drikpanchang.com labels them by the purnimanta month, which for Krishna
# paksha is the next month (Shattila: amanta Pausha Krishna = purnimanta Magha Krishna).
EKADASHI_NAMES: dict[tuple[int, int], tuple[str, str]] = {
    (1, 1): ("Kamada", "कामदा"),
    (1, 2): ("Varuthini", "वरूथिनी"),
    (2, 1): ("Mohini", "मोहिनी"),
    (2, 2): ("Apara", "अपरा"),
    (3, 1): ("Nirjala", "निर्जला"),
    (3, 2): ("Yogini", "योगिनी"),
    (4, 1): ("Devshayani", "देवशयनी"),
    (4, 2): ("Kamika", "कामिका"),
    (5, 1): ("Shravana Putrada", "श्रावण पुत्रदा"),
    (5, 2): ("Aja", "अजा"),
    (6, 1): ("Parsva", "पार्श्व"),
    (6, 2): ("Indira", "इन्दिरा"),
    (7, 1): ("Papankusha", "पापाङ्कुशा"),
    (7, 2): ("Rama", "रमा"),
    (8, 1): ("Devutthana", "देवोत्थान"),
    (8, 2): ("Utpanna", "उत्पन्ना"),
    (9, 1): ("Mokshada", "मोक्षदा"),
    (9, 2): ("Saphala", "सफला"),
    (10, 1): ("Pausha Putrada", "पौष पुत्रदा"),
    (10, 2): ("Shattila", "षट्तिला"),
    (11, 1): ("Jaya", "जया"),
    (11, 2): ("Vijaya", "विजया"),
    (12, 1): ("Amalaki", "आमलकी"),
    (12, 2): ("Papamochani", "पापमोचनी"),
    (0, 1): ("Padmini", "पद्मिनी"),
    (0, 2): ("Parama", "परमा"),
}


@cache
def ekadashi_names(month: int, paksha: int) -> dict[str, str]:
    """The Ekadashi's name in every language ("Mokshada Ekadashi"); month 0 = adhika."""
    english, devanagari = EKADASHI_NAMES[month, paksha]
    names = names_of(f"{english} Ekadashi", f"{devanagari} एकादशी")
    names["ta"] = f"{names_of(english, devanagari)['ta']} ஏகாதசி"
    return names


def ekadashi_key(month: int, paksha: int) -> str:
    """The JSON key of an Ekadashi: its English name in snake case ("mokshada_ekadashi")."""
    english, _ = EKADASHI_NAMES[month, paksha]
    return f"{english.lower().replace(' ', '_')}_ekadashi"


@cache
def month_names(month: int, adhika: bool) -> dict[str, str]:
    """A lunar month's name (1 Chaitra .. 12 Phalguna) in every language, "Adhika" prefixed."""
    return {
        lang: (f"{label('adhika', 1, lang)} " if adhika else "") + label("masa", month, lang)
        for lang in SUPPORTED_LANGUAGES
    }
