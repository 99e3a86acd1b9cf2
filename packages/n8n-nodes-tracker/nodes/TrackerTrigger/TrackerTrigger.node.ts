// "Tracker Trigger", the trigger n8n's node picker shows under the Tracker app. The picker (n8n 2.35.7,
// editor-ui src/features/shared/nodeCreator/composables/useActionsGeneration.ts,
// generateMergedNodesAndActions) files a trigger under an app when the trigger's type name with its first
// "Trigger" removed is the app's type name, so `trackerTrigger` is the only name that can stand there.
// Version 2 (the default for new workflows) is the polling trigger, which needs no public URL.
// Version 1 is the webhook trigger this name first stood for: workflows saved with it keep it.
// New webhook workflows use the same node as `trackerAlertTrigger` ("Tracker Alert Trigger").
import type { INodeType, INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';
import { TrackerAlertTrigger } from '../TrackerAlertTrigger/TrackerAlertTrigger.node';
import { TrackerSignalTrigger } from '../TrackerSignalTrigger/TrackerSignalTrigger.node';

const DISPLAY_NAME = 'Tracker Trigger';
const NAME = 'trackerTrigger';

/** `node` under this name at `version`: visible in the picker, whatever the node's own type hides. */
function asVersion<T extends INodeType>(node: T, version: number): T {
  node.description = {
    ...node.description,
    displayName: DISPLAY_NAME,
    name: NAME,
    version,
    hidden: undefined,
    defaults: { name: DISPLAY_NAME },
  };
  return node;
}

export class TrackerTrigger extends VersionedNodeType {
  constructor() {
    const base: INodeTypeBaseDescription = {
      displayName: DISPLAY_NAME,
      name: NAME,
      icon: { light: 'file:../Tracker/tracker.svg', dark: 'file:../Tracker/tracker.dark.svg' },
      group: ['trigger'],
      description: 'Starts the workflow for each newly completed or failed run of your trackers',
      defaultVersion: 2,
    };
    const versions: IVersionedNodeType['nodeVersions'] = {
      // Version 1: the alert webhook, under its first name. Version 2: each newly ended run (polling).
      1: asVersion(new TrackerAlertTrigger(), 1),
      2: asVersion(new TrackerSignalTrigger(), 2),
    };
    super(versions, base);
  }
}
