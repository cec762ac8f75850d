"""Balance studies a designer can read (``asobi study``): a batch of bot games per setting,
written up as an HTML report with plots, confidence intervals, significance tests and the impact
of each card; and ``--compare``, what changed between two such studies."""
