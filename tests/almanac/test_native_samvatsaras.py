"""The sixty years (samvatsaras) as Telugu and Kannada name them (issue 25 item 2), beside the
usage tables of tests/almanac/test_native_names.py (whose docstring lists what is not yet
checked) and the Sanskrit and Tamil lists of tests/almanac/test_native_year_names.py.

These are facts copied from the files named (not computed); where our table keeps another
usage than the source, the difference is listed with its reason. The full lists come from
Telugu and Kannada panchangam applications' name tables (no almanac's own list of all sixty
could be read whole this session); the names almanacs and newspapers print, checked one by
one, are in tests/almanac/test_native_year_names.py (SAMVATSARAS_IN_PRINT).
"""

from __future__ import annotations

from lokpanchang.almanac.names import table
from tests.almanac.test_native_names import nfc, usage_with_ours

# Telugu: the Telugu panchangam app github.com/pankajexa/telugu-panchangam,
# src/data/customYogas.js at commit 332af93a92e86d4135c2171e3b0caa654adf2640,
# SAMVATSARA_NAMES_TE: the South Indian forms the Telugu years take (ప్రమోదూత, ప్రజోత్పత్తి,
# ఆంగీరస, దుర్ముఖి, హేవిళంబి, కాళయుక్తి, రౌద్రి), as telugupedia.com romanises them ("Name of
# the Indian Years Sixty Years": Pramodoota, Prajotpati, Angeerasa … Durmukhi, Hevilambi …
# KaLayukti, Raudri) and en.wikipedia's "Samvatsara" most of them (Pramodoota, Prajothpatti,
# Āngirasa … Hevilambi … Kālayukthi; http://the-uncensored-wiki.com:20082/articles/s/a/m/
# Samvatsara.html). Both usages exist for a few: a second Telugu app (github.com/
# ravitejakamalapuram/TeluguPanchangam, panchang.js at commit
# d86c960c860ae38199f73baae3f4c637997a2893) writes అంగీరస, ప్రమాది, సర్వజిత్తు, శుభకృతు,
# శోభకృతు, విరోధికృతు, as telugupedia's Pramadi, Sarvajittu, Shubhakrutu; wikimili's "Telugu
# years" writes the fourth ప్రమోద్యూత. Telugu print:
# "శ్రీ శోభకృత్" (telugu.newsmeter.in, ugadi-2023-names-telugu-years-and-months-709642) and
# "శ్రీ విశ్వావసు నామ సంవత్సరం" (the Telugu Hindustan Times' daily panchangam).
TELUGU_SAMVATSARAS = (
    "ప్రభవ విభవ శుక్ల ప్రమోదూత ప్రజోత్పత్తి ఆంగీరస శ్రీముఖ భావ యువ ధాత ఈశ్వర బహుధాన్య ప్రమాథి "
    "విక్రమ వృష చిత్రభాను స్వభాను తారణ పార్థివ వ్యయ సర్వజిత్ సర్వధారి విరోధి వికృతి ఖర నందన "
    "విజయ జయ మన్మథ దుర్ముఖి హేవిళంబి విళంబి వికారి శార్వరి ప్లవ శుభకృత్ శోభకృత్ క్రోధి "
    "విశ్వావసు పరాభవ ప్లవంగ కీలక సౌమ్య సాధారణ విరోధికృత్ పరిధావి ప్రమాదీచ ఆనంద రాక్షస నల పింగళ "
    "కాళయుక్తి సిద్ధార్థి రౌద్రి దుర్మతి దుందుభి రుధిరోద్గారి రక్తాక్షి క్రోధన అక్షయ"
)

# Kannada: the panchanga of a Kolar temple's site, github.com/Mahesh-aadhitya/SVRD,
# src/lib/panchang/names.ts at commit 432c59d2f8737f239f1a7e935eb04f4022f02b7a, SAMVATSARAS
# (their Kannada column). A second Kannada app agrees on all but a few
# (github.com/ShriSuma/BaggonaPanchangaAstrology, src/core/VedicCalculations.ts at commit
# 94593b44c4fc2edc465a3a38f121d6cd71890640, KN_SAMVATSARAS: ಧಾತೃ, ಕಾಲಯುಕ್ತಿ, ರೌದ್ರಿ, and two
# slips, Jaya and ಪರಿದಾವಿ). The śloka a Kannada blog quotes writes the fourth प्रमोदूत
# (http://makrumanju.blogspot.com/2016/01/blog-post_19.html), and ETV Bharat Kannada's daily
# panchanga prints "ಸಂವತ್ಸರ : ಶುಭಕೃತ್" (10 May 2023).
KANNADA_SAMVATSARAS = (
    "ಪ್ರಭವ ವಿಭವ ಶುಕ್ಲ ಪ್ರಮೋದೂತ ಪ್ರಜೋತ್ಪತ್ತಿ ಆಂಗೀರಸ ಶ್ರೀಮುಖ ಭಾವ ಯುವ ಧಾತು ಈಶ್ವರ ಬಹುಧಾನ್ಯ ಪ್ರಮಾಥಿ "
    "ವಿಕ್ರಮ ವೃಷ ಚಿತ್ರಭಾನು ಸ್ವಭಾನು ತಾರಣ ಪಾರ್ಥಿವ ವ್ಯಯ ಸರ್ವಜಿತ್ ಸರ್ವಧಾರಿ ವಿರೋಧಿ ವಿಕೃತಿ ಖರ ನಂದನ "
    "ವಿಜಯ ಜಯ ಮನ್ಮಥ ದುರ್ಮುಖಿ ಹೇವಿಳಂಬಿ ವಿಳಂಬಿ ವಿಕಾರಿ ಶಾರ್ವರಿ ಪ್ಲವ ಶುಭಕೃತ್ ಶೋಭಕೃತ್ ಕ್ರೋಧಿ "
    "ವಿಶ್ವಾವಸು ಪರಾಭವ ಪ್ಲವಂಗ ಕೀಲಕ ಸೌಮ್ಯ ಸಾಧಾರಣ ವಿರೋಧಿಕೃತ್ ಪರಿಧಾವಿ ಪ್ರಮಾದೀಚ ಆನಂದ ರಾಕ್ಷಸ ನಳ ಪಿಂಗಳ "
    "ಕಾಳಯುಕ್ತಿ ಸಿದ್ಧಾರ್ಥಿ ರೌದ್ರ ದುರ್ಮತಿ ದುಂದುಭಿ ರುಧಿರೋದ್ಗಾರಿ ರಕ್ತಾಕ್ಷಿ ಕ್ರೋಧನ ಅಕ್ಷಯ"
)
KANNADA_SAMVATSARAS_KEPT = {
    53: (
        "ರೌದ್ರಿ",
        "both are in use; ರೌದ್ರಿ as the second Kannada app and the Telugu lists write it",
    ),
}


def test_telugu_samvatsaras_are_the_telugu_years():
    assert list(table("samvatsara", "te")) == nfc(TELUGU_SAMVATSARAS)


def test_kannada_samvatsaras_are_the_kannada_years():
    expected = usage_with_ours(KANNADA_SAMVATSARAS, KANNADA_SAMVATSARAS_KEPT)
    assert list(table("samvatsara", "kn")) == expected
