/** Server paging of the history and of the cancelled purchases: page sizes 10-500 and their texts. */
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { Pager as SharedPager, type PagerProps as SharedPagerProps } from '../../components/pager';
import { PAGE_SIZES } from './movements-api';

export { pageCount } from '../../components/pager';

export type PagerProps = Omit<SharedPagerProps, 'pageSizes' | 'texts' | 'totalTestId'> & {
  pageSizeLabel: string;
};

export function Pager({ pageSizeLabel, ...props }: PagerProps) {
  return (
    <SharedPager
      {...props}
      pageSizes={PAGE_SIZES}
      totalTestId="pager-total"
      texts={{
        pageSize: pageSizeLabel,
        total: (n) => formatMessage('movTotal', { n }),
        pages: messages.movPages,
        page: (n) => formatMessage('movPage', { n }),
        previous: messages.movPreviousPage,
        next: messages.movNextPage,
      }}
    />
  );
}
