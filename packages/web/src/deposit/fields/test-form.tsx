import type { ReactNode } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { emptyFormValues, type DepositFormValues } from '../form-values.ts';
import { renderWithProviders } from '../test-providers.tsx';

/** Renders a field inside the editor's form; `values()` reads what the form holds. */
export function renderInForm(ui: ReactNode, values: DepositFormValues = emptyFormValues()) {
  let form: UseFormReturn<DepositFormValues> | undefined;
  function WithForm() {
    form = useForm<DepositFormValues>({ defaultValues: values });
    return <FormProvider {...form}>{ui}</FormProvider>;
  }
  const rendered = renderWithProviders(<WithForm />);
  return { ...rendered, values: () => form?.getValues() ?? values };
}
