"""Which training steps Keras 3 would run as Python (a trace) and which it replays.

On TensorFlow, fit / evaluate / predict run their step as a ``tf.function``: the step's
Python (a ``print`` in a layer's ``call``) runs when the function is traced, and later
steps replay the graph without it. tapeflow runs every step's Python, so the steps
TensorFlow would replay run under ``function.replaying()``, which drops their writes
to ``sys.stdout`` (``tf.print`` still shows on every step, as there).

The traces Keras makes (TF 2.21, Keras 3.15):
    - train / test: one function per compile; it is traced on the data's element spec,
      whose batch is None when batches can differ in size (then every batch size is
      covered) or the batch size itself (then another batch size traces again);
    - predict, and each of train_on_batch / test_on_batch / predict_on_batch: traced on the
      first batch's shapes; a batch that no trace so far serves traces again with the axes
      that differ from the latest trace's free (``reduce_retracing``): padded batches of
      (2, 5, 2), (2, 4, 2), (1, 6, 2) trace (2, 5, 2), (2, None, 2), (None, None, 2); an input
      whose rank differs from the latest trace's is traced with an unknown rank (None here),
      which a functional model's input check refuses (functional/unknown_rank_inputs.py).
A model compiled with ``run_eagerly=True`` runs every step as Python, as Keras does.
"""
import contextlib

from framework import nest, trace_prints
from framework.function import replaying
from framework.function_errors import graph_side
from framework.graph_random_ops import GraphRandomState
from framework.tensor import Tensor

from . import step_retracing
from .relaxed_traces import leaf_specs, relaxed_axes
from .traced_batch import PLAIN_STRUCTURE
from .traced_step import batch_axis_open, traced_step


class StepTraces:
    """The traces made so far by one compiled model's train, test and predict functions."""

    def __init__(self):
        # kind -> nesting of the inputs (traced_batch.input_nesting) -> the batch sizes its traces
        # took, None for a free batch
        self._specs = {'train': {}, 'test': {}}
        self._shapes = {}                                   # kind -> the input shapes of its traces
        self._made_early = set()        # kinds whose first trace's variables were made before it
        self._trainable = {}            # train spec -> the trainable variables its trace read
        self._free_traced = set()       # (kind, structure) traced on data whose batch axis is free
        # kind -> (shapes, static_trace's answer, the kind's traces then: their count and the last one) of
        # the latest step a trace served, which predict asks for every batch; valid while the traces
        # are those (a failed step's trace is dropped again: see ``served_answer``)
        self._served = {}
        self.lossy_layers = ()      # the layers whose losses the latest trace left (traced_losses)
        # (kind, a predict trace's shapes) -> its random ops' kernels and numbering (graph_random_ops):
        # each trace of Keras's predict function is a graph of its own
        self._random_ops = {}
        self.structure = None
        self._functions = {}        # kind -> what TensorFlow's retracing warning names (step_retracing)
        self._group_shapes = {}     # predict kind -> its multi-step function's traces (predict_group_traces)
        # (kind, nesting) -> the leaf shapes and dtypes of the latest train / test trace on arrays, None
        # for the axes it left open (``_relaxed_axes``)
        self._latest_array_trace = {}
        self.on_batch = OnBatchTrainables(self)
        self.asks_gradients = {}    # step method -> whether its code calls tf.gradients (graph_gradient_steps)

    @property
    def structure(self):
        """The structure of the data the running fit / evaluate pass feeds (traced_batch.traced_structure):
        a trace on (x, y) does not serve (x, y, sample_weight) on a free batch, and a trace on inputs
        nested otherwise (x, then [x]: its last part) serves no batch: TensorFlow's input signature
        differs, so Keras traces anew, and its model's Python warns of the structure."""
        return self._structure

    @structure.setter
    def structure(self, structure):
        self.begin_pass(structure, None)

    def begin_pass(self, structure, signature, dtypes=None):
        """Set once per pass: its steps then look up the batch sizes traced on data of this structure and
        of these shapes past the batch axis (``signature``, traced_batch.array_signature; None for data
        whose shapes are not told apart: a dataset's, a generator's trace serves arrays, and theirs it)
        and of these x and y dtypes (``dtypes``, traced_batch.step_dtypes; None: not told apart)."""
        self._structure = structure
        key = None if structure == PLAIN_STRUCTURE else structure
        self._pass_key, self._pass_signature = key, signature
        self._traced = {kind: by_nesting.setdefault((key, signature, dtypes), set())
                        for kind, by_nesting in self._specs.items()}
        # the other traces serving this pass: those on unshaped data, or for unshaped data every one, of
        # the same dtypes (a trace on float32 y serves no dataset of float64 y)
        self._also_serving = {kind: [traced for (nesting, shapes, types), traced in by_nesting.items()
                                     if nesting == key and (shapes != signature or types != dtypes)
                                     and (signature is None or shapes is None)
                                     and (types is None or dtypes is None or types == dtypes)]
                              for kind, by_nesting in self._specs.items()}

    def step(self, kind, free_batch, batch_size, batch, open_axes=None):
        """The context to run one train / test step on ``batch`` in: a trace on the first step a
        spec needs (see traced_step), a replay (stdout dropped) after. ``open_axes``: the axes
        of each flattened tensor that the data's spec leaves open, when it is a dataset's."""
        traced = self._traced[kind]         # the traces on data of this pass's structure
        spec = None if free_batch else batch_size
        if None in traced or spec in traced or any(None in other or spec in other
                                                   for other in self._also_serving[kind]):
            return replaying()
        first = not any(self._specs[kind].values())
        traced.add(spec)
        function = self._functions.get(kind)
        if function is None:
            function = self._functions[kind] = step_retracing.stand_in()
        free = (kind, self.structure)
        added_free = free_batch and free not in self._free_traced
        if added_free:
            self._free_traced.add(free)
        latest_key = (kind, self._pass_key)
        latest = self._latest_array_trace.get(latest_key)
        relaxed = None if open_axes or self._pass_signature is None else relaxed_axes(latest, batch, free_batch)
        if self._pass_signature is not None:
            self._latest_array_trace[latest_key] = leaf_specs(batch, relaxed or batch_axis_open(batch, free_batch))

        def undo():
            traced.discard(spec)
            if added_free:
                self._free_traced.discard(free)
            if self._pass_signature is not None:
                self._latest_array_trace[latest_key] = latest
        # a call whose trace raised is no call for TensorFlow's retracing detector: counted once it ran
        return _undone_on_failure(traced_step(batch, open_axes or relaxed or batch_axis_open(batch, free_batch), first,
                                              kind in self._made_early, 'multi_step_on_iterator'), undo,
                                  lambda: step_retracing.traced(function))


    def batch_free_in_trace(self, kind, free_batch):
        """Whether the train / test trace serving ``kind``'s steps leaves the batch axis open: the data's
        is free, or an earlier trace on a free batch of the same structure serves every batch size
        (reduce_retracing)."""
        return free_batch or (kind, self.structure) in self._free_traced

    def made_variables_early(self, kind):
        """Variables that Keras makes in the first trace of ``kind``'s function were made before it:
        fit builds the optimizer before its callbacks start, Keras in the first train step."""
        if not any(self._specs.get(kind, {}).values()):
            self._made_early.add(kind)

    def trainable(self, free_batch, batch_size):
        """The variables the train trace serving this step trains, or None before that trace has read
        them (``keep_trainable``). Keras's train step reads ``model.trainable_weights`` when it is
        traced, so a layer made (un)trainable later, without compiling again, changes nothing while
        that trace serves: TF 2.21 trains the first fit's set in the next fits."""
        return self._trainable.get(self._trainable_key(free_batch, batch_size))

    def keep_trainable(self, free_batch, batch_size, variables):
        """``variables``: a traced_norm_modes.TracedVariables, kept as the step gives it."""
        self._trainable.setdefault(self._trainable_key(free_batch, batch_size), variables)

    def _trainable_key(self, free_batch, batch_size):
        # the trace that serves a step: a free-batch one serves every batch size (see ``step``)
        return None if free_batch or None in self._trainable else batch_size

    def shaped_step(self, kind, shapes, batch, family='predict'):
        """The context of one step of ``kind`` ('predict', 'train_on_batch', ...; ('predict', nesting)
        for nested inputs, which TensorFlow traces apart) on ``batch``, whose inputs have ``shapes``
        (a tuple of shapes); ``family``: predict's function's (step_retracing.predict_family)."""
        if self.served_answer(kind, shapes) is not None:
            return replaying()
        traced = self._shapes.setdefault(kind, [])
        if any(_covers(one, shapes) for one in traced):
            return replaying()
        # reduce_retracing: a retrace frees the axes that differ from the latest trace's of the same dtypes
        # (the last entry: TF finds no common type across dtypes, and traces such inputs as they are)
        same = [one for one in traced if one[-1] == shapes[-1]]
        relaxed = relax(same[-1], shapes) if same else shapes
        traced.append(relaxed)
        ran = None
        # (TF's retracing detector for predict's one function, which predict_on_batch calls too: Keras 3's
        # predict_on_batch is self.predict_function([(x,)]))
        if family == 'predict_multi' and kind[0] != 'predict_on_batch':
            pass        # fit's predict in groups: traced per group (predict_group_traces), not per batch
        elif kind == 'predict' or kind[0] == 'predict' or kind[0] == 'predict_on_batch':
            function = self._functions.get(family)
            if function is None:
                function = self._functions[family] = step_retracing.stand_in(family)
            ran = lambda: step_retracing.traced(function, family)     # noqa: E731
        elif kind[0] in ('train_on_batch', 'test_on_batch'):
            # (Keras's one-step function, of one code object for both: step_retracing's 'on_batch')
            function = self._functions.get(kind[0])
            if function is None:
                function = self._functions[kind[0]] = step_retracing.stand_in('on_batch')
            ran = lambda: step_retracing.traced(function, 'on_batch')     # noqa: E731
        name = 'one_step_on_data' if kind[0] in ('train_on_batch', 'test_on_batch') else \
            'multi_step_on_data' if family == 'predict_multi' and kind[0] != 'predict_on_batch' else \
            'one_step_on_data_distributed'
        return _undone_on_failure(traced_step(batch, [None if shape is None else tuple(i for i, d in enumerate(shape)
                                                                                        if d is None)
                                                      for shape in relaxed], len(traced) == 1, function_name=name),
                                  lambda: traced.remove(relaxed), ran)

    def static_trace(self, kind, shapes):
        """Whether the trace serving a ``kind`` step on inputs of ``shapes`` (after ``shaped_step``)
        fixes every axis: the first trace that covers them, as TF's function cache finds the exact one."""
        static = self.served_answer(kind, shapes)
        if static is not None:
            return static
        traced = self._shapes.get(kind, ())
        for one in traced:
            if _covers(one, shapes):
                static = all(shape is not None and None not in shape for shape in one)
                self._served[kind] = (shapes, static, len(traced), traced[-1], one)
                return static
        return True

    def random_ops(self, kind, shapes, group=None):
        """The GraphRandomState of the trace serving a ``kind`` step on ``shapes`` (after
        ``static_trace``): a retrace on a smaller last batch starts fresh kernels, as on TF 2.21.
        ``group``: the step count of a steps_per_execution group beginning with this step, whose
        multi-step function is traced on its batches' list (by the first batch's shapes here)."""
        if group is None:
            served = self._served.get(kind)
            key = (kind, served[4] if served is not None and served[0] == shapes else shapes)
        else:
            key = (kind, group, shapes)
        state = self._random_ops.get(key)
        if state is None:
            state = self._random_ops[key] = GraphRandomState()
        return state

    def served_answer(self, kind, shapes):
        """``static_trace``'s answer for the latest served ``shapes`` again, or None (search). The
        first trace covering them stays the first while traces are only added; any change to the
        list (a trace added, or one dropped after its step failed) changes its length or its last
        entry (a new tuple each time), and then the search runs again."""
        served = self._served.get(kind)
        if served is None or served[0] != shapes:
            return None
        traced = self._shapes.get(kind)
        if not traced or len(traced) != served[2] or traced[-1] is not served[3]:
            return None
        return served[1]


class OnBatchTrainables:
    """The trainable variables each train_on_batch trace read, which that trace trains while it serves.

    Keras's train_on_batch calls the traced train function, which reads ``model.trainable_weights``
    when traced: TF 2.21 keeps training a discriminator made untrainable after its first
    train_on_batch, until a batch of other shapes traces again. Asked by train_step with the step's
    kind and input shapes (as fit's steps ask ``StepTraces.trainable``)."""

    def __init__(self, traces):
        self._traces = traces
        self._read = {}         # (kind, the shapes of the trace serving it) -> the variables it read

    def _serving(self, kind, shapes):
        for one in self._traces._shapes.get(kind, ()):
            if _covers(one, shapes):
                return kind, one
        return None

    def trainable(self, kind, shapes):
        return self._read.get(self._serving(kind, shapes))

    def keep_trainable(self, kind, shapes, variables):
        key = self._serving(kind, shapes)
        if key is not None:
            self._read.setdefault(key, variables)


@contextlib.contextmanager
def _undone_on_failure(trace, undo, ran=None):
    """``trace``, forgotten (``undo``) when the step fails: TensorFlow keeps no trace that raised, so
    the next call traces again (a shape error in the loss is raised by every call, from its trace).
    ``ran``, if given, is called once the step has run."""
    try:
        # TF runs the graph once its trace is done: the step's tf.print lines follow the trace's Python
        # prints (a custom train_step's print('trace') and tf.print(...)), and a trace that raises prints none
        with trace_prints.held(), trace:       # (the trace repeats its prints as it ends: before the tf.prints)
            yield
    except BaseException as error:
        if getattr(error, 'step_ran', False):   # raised reading the logs of a step that ran (traced_logs)
            if ran is not None:
                ran()
            raise
        undo()
        refused = graph_side(error)     # a shape error TensorFlow's graph raises as it builds the step
        if refused is error:
            raise
        raise refused from None
    if ran is not None:
        ran()


def _covers(traced, shapes):
    """Whether a trace on ``traced`` (shapes with None for free axes) serves inputs of ``shapes``."""
    return len(traced) == len(shapes) and all(
        a is None or len(a) == len(b) and all(m is None or m == n for m, n in zip(a, b)) for a, b in zip(traced, shapes))


def relax(traced, shapes):
    """``traced`` with the axes that differ from ``shapes`` freed (None), as reduce_retracing
    generalizes a function's input types; a shape of another rank becomes None (unknown rank, as
    TF's TensorShape(None)), shapes of another count are taken whole (another structure)."""
    if len(traced) != len(shapes):
        return shapes
    return tuple(None if a is None or len(a) != len(b) else tuple(None if m != n else m for m, n in zip(a, b))
                 for a, b in zip(traced, shapes))


def input_shapes(batch):
    """The shapes of a batch's arrays and tensors, then their dtype names (one more entry), as a trace's
    key: TensorFlow traces again for another dtype, and generalizes shapes only among traces of the same
    dtypes (``shaped_step``)."""
    if type(batch) is Tensor:       # predict's usual batch: its array's shape (a Tensor's .shape builds a TensorShape)
        return (batch._data.shape, (batch.dtype.name,))     # (a DType's name: numpy's dtype.name runs Python)
    leaves = [x for x in nest.flatten(batch) if hasattr(x, 'shape')]
    return tuple(tuple(x.shape) for x in leaves) + (tuple(getattr(getattr(x, 'dtype', None), 'name', None)
                                                          for x in leaves),)
