/**
 * The HTML template of every page (Docusaurus' `ssrTemplate`): Docusaurus 3.10.2's own, except
 * that the page's JavaScript starts loading only once the page has painted.
 *
 * Every page is complete HTML, readable and navigable before any script runs. Docusaurus loads
 * its entry scripts with `defer`, which fetches them alongside the HTML and may run them before
 * the first paint; readers on slow phones then wait for a whole bundle to download and evaluate
 * before they see text that was already there. Here a requestAnimationFrame callback queues a task
 * that adds the scripts, so they are fetched and run after the first frame is painted. A page
 * loaded in a hidden tab paints no frames and adds them at once. They run in order
 * (`async = false`), as deferred scripts do.
 */
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>
      (function (sources) {
        function run() {
          sources.forEach(function (source) {
            var script = document.createElement('script');
            script.src = source;
            script.async = false;
            document.body.appendChild(script);
          });
        }
        if (document.visibilityState === 'hidden') run();
        else requestAnimationFrame(function () { setTimeout(run, 0); });
      })([<%~ it.scripts.map((script) => JSON.stringify(it.baseUrl + script)).join(',') %>]);
    </script>
  </body>
</html>
`;
