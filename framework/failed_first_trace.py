"""A tf.function whose first trace raised: what TensorFlow 2.21 does with it afterwards.

TensorFlow's Function initializes at its first call whose arguments bind (``_initialize``): it traces
with variable creation allowed and only then makes the config its later calls trace with, where
creation is refused. When that first trace raises, the second config is never made:
    - if the trace had created a variable (a user's tf.Variable, a Keras layer's weights or an
      optimizer's slots built there), every later call takes the missing config's defaults, a
      Python function that returns None: the call returns None, runs none of the Python (no
      prints), traces nothing (experimental_get_tracing_count() stays), for any arguments that bind
      (a new shape, a Python number); arguments that do not bind still raise TF's TypeError, and
      get_concrete_function raises ``CONCRETE_REFUSAL`` (dataclasses.replace of the missing config);
    - if it had created none, later calls trace as usual, until one creates a variable: that call
      raises 'Creating variables on a non-first call ...' after its trace (or its own error), and
      from then on the function returns None as above.
An error the graph raises when it runs (an OpError: a kernel's, a failed Assert, the end of a
dataset) comes after a trace that succeeded, so it leaves the function as a success would, the trace
kept (Function._keep_failed_run).
A sublayer's weights made by Keras's symbolic build run inside the trace count too.
Not followed: TensorFlow never initializes the variables the failed trace made (they read as an empty
array, ``numpy()`` ``[]``, until assigned, and a graph that reads them fails when it runs), and the writes
the trace made to earlier variables never happen (its graph never runs); tapeflow ran the Python eagerly,
so both keep their values (a later trace reading an empty variable would fail where TF's traces on).
(probes: notes progs/optimtraj26/p1_rules.py, p2_later.py, p6_keras2.py, p7_lead45.py, p8_uninit.py)
"""
CONCRETE_REFUSAL = 'replace() should be called on dataclass instances'

