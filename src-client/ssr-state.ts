/** The id of the `<script type="application/json">` in which the server hands a drawn page's data to the browser. */
export const SERVER_STATE_ID = "seer-server-state";
