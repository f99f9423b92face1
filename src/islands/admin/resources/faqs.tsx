import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  List,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import type { ResourceProps } from 'react-admin';
import { RichTextInput } from '../inputs/RichTextInput.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="질문 검색" />,
  <ReferenceInput key="category" source="faq_category_id" reference="faq-categories" alwaysOn>
    <SelectInput optionText="name" label="분류" />
  </ReferenceInput>,
];

function FaqForm() {
  return (
    <SimpleForm>
      <ReferenceInput source="faq_category_id" reference="faq-categories">
        <SelectInput optionText="name" label="분류" validate={required('분류를 골라 주세요.')} />
      </ReferenceInput>
      <TextInput source="question" label="질문" validate={required('질문을 입력해 주세요.')} fullWidth />
      <RichTextInput source="answer_html" label="답변" isRequired validate={required('답변을 입력해 주세요.')} />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
      <BooleanInput source="is_published" label="공개" defaultValue />
    </SimpleForm>
  );
}

export const faqs: ResourceProps = {
  name: 'faqs',
  options: { label: '자주 묻는 질문' },
  list: () => (
    <List filters={filters} sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <ReferenceField source="faq_category_id" reference="faq-categories" label="분류" sortable={false} />
        <TextField source="question" label="질문" sortable={false} />
        <TextField source="sort_order" label="정렬 순서" />
        <BooleanField source="is_published" label="공개" sortable={false} />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <FaqForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <FaqForm />
    </Create>
  ),
};

function CategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="분류 이름" validate={required('분류 이름을 입력해 주세요.')} />
      <TextInput source="slug" label="주소 (영문 소문자, 숫자, -)" validate={required('주소를 입력해 주세요.')} />
      <NumberInput source="sort_order" label="정렬 순서 (작을수록 앞)" />
    </SimpleForm>
  );
}

export const faqCategories: ResourceProps = {
  name: 'faq-categories',
  options: { label: '질문 분류' },
  recordRepresentation: 'name',
  list: () => (
    <List sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="번호" />
        <TextField source="name" label="분류 이름" />
        <TextField source="slug" label="주소" sortable={false} />
        <TextField source="sort_order" label="정렬 순서" />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <CategoryForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <CategoryForm />
    </Create>
  ),
};
