"""The public page's observances, muhurtas and month view (issue 10)."""

from __future__ import annotations

from lokpanchang.web.public_month import month_weeks

DELHI_DAY = "/panchang?place=New+Delhi&date=2026-12-20"


def test_the_day_shows_its_observances_tomorrows_and_the_month_link(client):
    page = client.get(DELHI_DAY).get_data(as_text=True)
    assert '<li data-key="mokshada_ekadashi">Mokshada Ekadashi (fast); parana 07:' in page
    assert '<li data-key="pradosh">Pradosh Vrat (fast)</li>' in page  # tomorrow
    assert "/panchang/month?place=New+Delhi" in page and "month=2026-12" in page


def test_the_day_shows_its_muhurtas(client):
    page = client.get(DELHI_DAY).get_data(as_text=True)
    assert 'id="muhurtas"' in page and "Brahma muhurta" in page
    assert '<td class="bad">Udvega (bad)</td>' in page  # Sunday's first choghadiya
    assert "<strong>Hora:</strong> Sun " in page


def test_the_labels_follow_the_language(client):
    page = client.get(DELHI_DAY + "&lang=hi").get_data(as_text=True)
    assert "<h3>आज</h3>" in page and "मोक्षदा एकादशी (व्रत)" in page


def test_the_month_view_lists_each_days_observances(client):
    response = client.get("/panchang/month?place=New+Delhi&month=2026-11&lang=en")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    for key in ("diwali", "govardhan_puja", "bhai_dooj", "chhath_puja", "kartika_purnima"):
        assert f'data-key="{key}"' in page
    assert "date=2026-11-08" in page  # each day links to its own page


def test_the_month_view_names_a_bad_month_or_place(client):
    bad_month = client.get("/panchang/month?place=New+Delhi&month=2026-13")
    assert bad_month.status_code == 400
    assert "month &#39;2026-13&#39; is not a month" in bad_month.get_data(as_text=True)
    nowhere = client.get("/panchang/month?place=Qwxyzzyville")
    assert nowhere.status_code == 404 and "Qwxyzzyville" in nowhere.get_data(as_text=True)


def test_weeks_start_on_sunday_and_pad_other_months():
    from datetime import date

    weeks = month_weeks(date(2026, 11, 1), [{"date": "2026-11-08", "key": "diwali"}])
    assert weeks[0][0][0] == date(2026, 11, 1)  # 1 November 2026 is a Sunday
    assert weeks[1][0] == (date(2026, 11, 8), [{"date": "2026-11-08", "key": "diwali"}])
    assert weeks[-1][-1] is None


def test_tamil_readers_get_gowri_panchangam_as_its_own_table_and_choghadiya_by_its_name(client):
    # Issue 25 item 4: the Tamil page called Choghadiya "கௌரி பஞ்சாங்கம்".
    page = client.get(DELHI_DAY + "&lang=ta").get_data(as_text=True)
    assert '<table class="choghadiya" aria-label="சௌகடியா">' in page
    assert '<table class="gowri" aria-label="கௌரி பஞ்சாங்கம்">' in page
    assert '<td class="good">உத்தி (நல்லது)</td>' in page  # Sunday's first Gowri part
    english = client.get(DELHI_DAY + "&lang=en").get_data(as_text=True)
    assert '<table class="gowri" aria-label="Gowri Panchangam">' in english
