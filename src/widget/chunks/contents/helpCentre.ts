/**
 * The help centre's chunk: home's popular articles and the article viewer they open, one file.
 * Only an inbox with a portal fetches it, as home shows; apart, the two were two files and shared
 * a third (the skeleton and the article links) for a few hundred bytes. Its English strings
 * travel with it (its `strings` in `chunks/plan.ts`): added as the chunk runs.
 */
import helpCentreEnglish from '../../../../locales/en.json?helpCentre';
import { addEnglish } from '../../i18n';

addEnglish(helpCentreEnglish);

export { ArticleViewer } from '../../views/ArticleViewer';
export { HelpCentre } from '../../views/HelpCentre';
export { createArticlesModel } from '../../state/articles';
