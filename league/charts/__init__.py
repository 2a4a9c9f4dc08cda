"""Charts drawn on the server: one reportlab ``Drawing`` per chart, which the web page inlines
as SVG (:mod:`league.charts.svg`) and a PDF draws as it is (a Drawing is a flowable).

Words: a *builder* (:mod:`league.charts.drawing`) takes plain series (numbers and names, never a
model or a query) and returns a Drawing; a *figure* (:mod:`league.charts.figures`) is what a
page shows of a chart: the inline SVG, a title, the *text alternative* (a sentence or two that
say what the chart shows, for whoever cannot see it) and the numbers as a table
(``templates/includes/chart.html`` renders one).
"""
