/** The Kakao (Daum) postcode search, loaded the first time a member asks for it. */
const POSTCODE_SCRIPT = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';

export interface PostcodeResult {
  postalCode: string;
  address: string;
}

interface DaumPostcodeData {
  zonecode: string;
  roadAddress: string;
  jibunAddress: string;
}

declare global {
  interface Window {
    daum?: { Postcode: new (options: { oncomplete: (data: DaumPostcodeData) => void }) => { open: () => void } };
  }
}

let loading: Promise<void> | null = null;

function load(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = POSTCODE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // A later press tries again (the network may have come back).
      loading = null;
      script.remove();
      reject(new Error('postcode search did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Opens the search in its own window; resolves with the chosen address. Rejects when it cannot load. */
export async function searchPostcode(onChosen: (result: PostcodeResult) => void): Promise<void> {
  await load();
  if (!window.daum) throw new Error('postcode search did not start');
  new window.daum.Postcode({
    oncomplete: (data) => onChosen({ postalCode: data.zonecode, address: data.roadAddress || data.jibunAddress }),
  }).open();
}
