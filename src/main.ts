/**
 * The browser entry point: defines the elements; <fd-app> in index.html does
 * the rest.
 */
import '../components/fd-app.js';
