import {
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FileField,
  FileInput,
  ImageField,
  List,
  NumberField,
  NumberInput,
  ReferenceManyField,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  minValue,
  required,
  useRecordContext,
} from 'react-admin';
import type { Identifier, RaRecord, ResourceProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { RichTextInput } from '../inputs/RichTextInput.tsx';

const STATUSES = [
  { id: 'on_sale', name: '판매 중' },
  { id: 'sold_out', name: '품절' },
  { id: 'hidden', name: '숨김' },
];

const won = { style: 'currency', currency: 'KRW' } as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="상품명 검색" />,
  <SelectInput key="status" source="status" label="판매 상태" choices={STATUSES} />,
];

function ProductList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="title" label="상품명" />
        <NumberField source="sale_price" label="판매가" options={won} />
        <NumberField source="stock" label="재고" />
        <SelectField source="status" label="판매 상태" choices={STATUSES} sortable={false} />
        <NumberField source="sales_count" label="판매량" />
      </Datagrid>
    </List>
  );
}

function ProductFields() {
  return (
    <>
      <TextInput source="title" label="상품명" validate={required('상품명을 입력해 주세요.')} fullWidth />
      <TextInput source="summary" label="한 줄 소개" validate={required('한 줄 소개를 입력해 주세요.')} fullWidth />
      <RichTextInput source="description_html" label="상세 설명" isRequired validate={required('상세 설명을 입력해 주세요.')} />
      <NumberInput source="price" label="정가 (원)" validate={[required('정가를 입력해 주세요.'), minValue(0)]} />
      <NumberInput source="sale_price" label="판매가 (원)" validate={[required('판매가를 입력해 주세요.'), minValue(0)]} />
      <NumberInput source="stock" label="재고 (옵션이 있으면 옵션마다 따로)" validate={[required('재고를 입력해 주세요.'), minValue(0)]} />
      <SelectInput source="status" label="판매 상태" choices={STATUSES} validate={required('판매 상태를 골라 주세요.')} />
      <NumberInput source="shipping_fee" label="배송비 (원)" validate={[required('배송비를 입력해 주세요.'), minValue(0)]} />
      <NumberInput source="free_shipping_over" label="이 금액부터 무료 배송 (비우면 항상 배송비)" />
    </>
  );
}

/** The product's options and pictures, under its form. */
function ProductParts() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <h3>옵션</h3>
      <ReferenceManyField reference="product-options" target="product_id" sort={{ field: 'sort_order', order: 'ASC' }}>
        <Datagrid rowClick="edit" bulkActionButtons={false} empty={<p>옵션이 없어요. 재고는 상품에서 관리해요.</p>}>
          <TextField source="name" label="옵션" sortable={false} />
          <NumberField source="extra_price" label="추가 금액" options={won} sortable={false} />
          <NumberField source="stock" label="재고" sortable={false} />
          <EditButton />
        </Datagrid>
      </ReferenceManyField>
      <CreateButton resource="product-options" label="옵션 추가" state={{ record: { product_id: record.id } }} />
      <h3>사진</h3>
      <ReferenceManyField reference="product-images" target="product_id" sort={{ field: 'sort_order', order: 'ASC' }}>
        <Datagrid bulkActionButtons={false} empty={<p>사진이 없어요.</p>}>
          <ImageField source="url" title="alt" label="사진" sortable={false} />
          <TextField source="alt" label="설명" sortable={false} />
          <NumberField source="sort_order" label="순서" sortable={false} />
          <DeleteButton mutationMode="pessimistic" redirect={false} />
        </Datagrid>
      </ReferenceManyField>
      <CreateButton resource="product-images" label="사진 올리기" state={{ record: { product_id: record.id } }} />
    </>
  );
}

/** Back to the product a part belongs to, once it is saved. */
const toProduct = (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) => `products/${String(data?.product_id ?? '')}`;

function OptionForm({ creating }: { creating: boolean }) {
  return (
    <SimpleForm>
      {creating ? <NumberInput source="product_id" label="상품 번호" validate={required('상품을 골라 주세요.')} readOnly /> : null}
      <TextInput source="name" label="옵션 이름" validate={required('옵션 이름을 입력해 주세요.')} />
      <NumberInput source="extra_price" label="추가 금액 (원)" defaultValue={0} validate={minValue(0)} />
      <NumberInput source="stock" label="재고" validate={[required('재고를 입력해 주세요.'), minValue(0)]} />
      <NumberInput source="sort_order" label="순서" defaultValue={0} />
    </SimpleForm>
  );
}

function ImageCreate() {
  const location = useLocation();
  const productId = (location.state as { record?: { product_id?: number } } | null)?.record?.product_id;
  return (
    <Create redirect={toProduct} title="사진 올리기">
      <SimpleForm defaultValues={{ product_id: productId }}>
        <NumberInput source="product_id" label="상품 번호" validate={required('상품을 골라 주세요.')} readOnly />
        <FileInput source="image" label="사진 (JPG, PNG, WEBP, GIF, 10MB까지)" accept={{ 'image/*': [] }} validate={required('사진을 골라 주세요.')}>
          <FileField source="src" title="title" />
        </FileInput>
        <TextInput source="alt" label="사진 설명 (화면 낭독기로 읽혀요)" validate={required('사진 설명을 입력해 주세요.')} fullWidth />
        <NumberInput source="sort_order" label="순서" defaultValue={0} />
      </SimpleForm>
    </Create>
  );
}

export const products: ResourceProps = {
  name: 'products',
  options: { label: '상품' },
  list: ProductList,
  edit: () => (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <ProductFields />
        <ProductParts />
      </SimpleForm>
    </Edit>
  ),
  create: () => (
    <Create redirect="edit">
      <SimpleForm defaultValues={{ status: 'on_sale', shipping_fee: 3000, stock: 0 }}>
        <ProductFields />
      </SimpleForm>
    </Create>
  ),
};

export const productOptions: ResourceProps = {
  name: 'product-options',
  options: { label: '상품 옵션' },
  edit: () => (
    <Edit mutationMode="pessimistic" redirect={toProduct}>
      <OptionForm creating={false} />
    </Edit>
  ),
  create: () => (
    <Create redirect={toProduct}>
      <OptionForm creating />
    </Create>
  ),
};

export const productImages: ResourceProps = {
  name: 'product-images',
  options: { label: '상품 사진' },
  create: ImageCreate,
};

const regionFilters = [<SearchInput key="q" source="q" alwaysOn placeholder="지역 검색" />];

function RegionForm() {
  return (
    <SimpleForm>
      <TextInput source="region" label="지역" validate={required('지역 이름을 입력해 주세요.')} />
      <TextInput source="postal_code_from" label="시작 우편번호" validate={required('시작 우편번호를 입력해 주세요.')} />
      <TextInput source="postal_code_to" label="끝 우편번호" validate={required('끝 우편번호를 입력해 주세요.')} />
      <NumberInput source="extra_fee" label="추가 배송비 (원)" validate={[required('추가 배송비를 입력해 주세요.'), minValue(0)]} />
    </SimpleForm>
  );
}

export const isolatedRegions: ResourceProps = {
  name: 'isolated-regions',
  options: { label: '도서산간 배송비' },
  list: () => (
    <List filters={regionFilters} sort={{ field: 'postal_code_from', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="region" label="지역" />
        <TextField source="postal_code_from" label="시작 우편번호" />
        <TextField source="postal_code_to" label="끝 우편번호" />
        <NumberField source="extra_fee" label="추가 배송비" options={won} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <RegionForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <RegionForm />
    </Create>
  ),
};
