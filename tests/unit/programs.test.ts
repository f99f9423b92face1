import { describe, expect, it } from 'vitest';
import { programEventJsonLd, programEventPath } from '../../src/lib/programs.ts';
import type { ProgramEventItem } from '../../src/lib/programs.ts';

const event: ProgramEventItem = {
  id: 7,
  ritual_id: 3,
  ritual_session_id: 41,
  title: '다도 명상 오후반',
  starts_at: '2026-12-05T05:00:00.000000Z',
  ends_at: '2026-12-05T07:00:00.000000Z',
  place: '서울 마포구 연남동 리추얼 라운지',
  capacity: 10,
  seats_left: 3,
  price: 35_000,
  ritual_title: '다도 명상 클래스',
  cover_image_url: '/images/programs/tea-meditation.webp',
  cover_image_alt: '찻잔 그림',
  theme: { id: 1, name: '마음 돌보기' },
  recruit_state: 'open',
};

describe('a program event', () => {
  it('leads to its programme’s page with its session chosen', () => {
    expect(programEventPath(event)).toBe('/explorer/ritual/3?session=41');
  });

  it('is a schema.org Event at its place in Seoul, offered in KRW while seats are left', () => {
    const data = programEventJsonLd(event, 'https://ritual.example/explorer/program?year=2026&month=12');
    expect(data).toMatchObject({
      '@type': 'Event',
      name: '다도 명상 클래스: 다도 명상 오후반',
      startDate: '2026-12-05T05:00:00.000Z',
      endDate: '2026-12-05T07:00:00.000Z',
      url: 'https://ritual.example/explorer/ritual/3?session=41',
      image: ['https://ritual.example/images/programs/tea-meditation.webp'],
      location: { '@type': 'Place', name: event.place, address: { '@type': 'PostalAddress', streetAddress: event.place, addressCountry: 'KR' } },
      offers: { '@type': 'Offer', price: 35_000, priceCurrency: 'KRW', availability: 'https://schema.org/InStock' },
    });
    expect(programEventJsonLd({ ...event, seats_left: 0 }, 'https://ritual.example/').offers).toMatchObject({
      availability: 'https://schema.org/SoldOut',
    });
  });
});
