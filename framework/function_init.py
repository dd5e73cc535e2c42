"""A tf.function's first call, as TensorFlow traces it when the call creates variables.

TensorFlow traces a function's first call with variable creation allowed, and
when that call created variables (a model built or an optimizer's slots made
inside it) it traces the function a second time without: the tracing count
then reads 2, and the Python prints of the trace appear twice. tapeflow runs
the Python once; the second trace's prints are the first's, written again, and the
automatic names it handed out ('concatenate_1' for a layer its call makes) are counted again,
so that later objects are named as in TensorFlow ('concatenate_3', not 'concatenate_2').
"""
import sys

from . import object_names
from .variable import CREATED, SYMBOLIC_RUNS


def from_tf_print(depth=2):
    """Whether the write ``depth`` frames up comes from tf.print (framework.printing), which
    TensorFlow runs at every call rather than at trace time."""
    return sys._getframe(depth).f_globals.get('__name__') == 'framework.printing'


class _Recorder:
    """Stands in for ``sys.stdout`` during the first call: writes through and keeps what the
    traced Python printed (not tf.print's output, which TensorFlow prints once, when it runs)."""

    def __init__(self, target):
        self.target = target
        self.written = []
        # what the builds open now (inside once(), deeper than where this call began) printed: a symbolic run
        # aborted in a build shows it again, since Keras's real call runs that unfinished build once more
        self.base = _ONCE[0]
        self.building = []

    def write(self, text):
        if not self.stopped and not from_tf_print():
            if not _ONCE[0]:
                self.written.append(text)
            elif _ONCE[0] > self.base:
                self.building.append(text)
        return self.target.write(text)

    stopped = False     # (an aborted symbolic run: what follows belongs to the real call alone)

    def __getattr__(self, name):
        return getattr(self.target, name)


class initializing:
    """The context of a function's first traced call: what its Python printed is written again
    on leaving when the call created variables (``retraced`` then reads True), as TensorFlow's
    second trace prints it. Prints inside ``once()`` (a layer's build) are not written again:
    the second trace finds the layer built. ``created``: variables made for this call before
    it started, which TensorFlow's trace would have made (Keras's optimizer slots)."""

    def __init__(self, created=False, symbolic=False, graph=None):
        self._created = created
        # Keras's symbolic build run (layers/layer.py), which fails where user code makes a tf.Variable
        # from a tensor of the run: ``abort``
        self._symbolic = symbolic
        # whether TF runs this call as a graph trace (a tf.function's, a Keras step's), where a symbolic build
        # run inside succeeds; by default a first call told of no variables (a functional model's build run,
        # made created=True, runs eagerly on TF)
        self._graph = not created and not symbolic if graph is None else graph
        self.aborted = False

    def __enter__(self):
        self._before = CREATED[0]
        self._recorder = _Recorder(sys.stdout)
        sys.stdout = self._recorder
        self._names = []        # the automatic names the traced Python handed out (not a build's: ``once``)
        object_names.WATCHERS.append(self._name_given)
        self.retraced = False
        self.on_retrace = []        # what runs again in TensorFlow's second trace (trace_time_values.py)
        OPEN.append(self)
        if self._symbolic:
            SYMBOLIC_RUNS.append(self)
        return self

    def _name_given(self, base):
        # (not a KerasTensor's: Keras names the outputs of its symbolic runs, not the Python inside them,
        # which meets graph tensors; the build runs count those names themselves: layers/build_run.py)
        if not _ONCE[0] and not self._recorder.stopped and base != 'keras_tensor':
            self._names.append(base)

    def _stop_naming(self):
        if self._name_given in object_names.WATCHERS:
            object_names.WATCHERS.remove(self._name_given)

    def abort(self):
        """TensorFlow's symbolic run failed here: what it printed so far shows again now, before the real
        call's prints go on (TF 2.21 prints 'M1 call', then 'M1 call', 'Flex call' for a model whose
        sublayer's build makes tf.Variable(tf.random.normal(...))), and nothing more is repeated."""
        if self.aborted or self._in_function_trace():
            return
        self.aborted = True
        self._recorder.stopped = True
        object_names.handed_out_again(self._names)
        # (TF 2.21 prints 'build' twice for a FlexibleDense whose build prints, then makes its tf.Variable:
        # once in the failed symbolic run, once in the real call, which builds it again)
        text = ''.join(self._recorder.written + self._recorder.building)
        if text:
            with once():
                self._recorder.target.write(text)

    def _in_function_trace(self):
        """Whether this run is inside the first trace of a tf.function or a Keras step: there TF's scratch graph
        takes the tf.Variable, the run succeeds, and the real call's prints follow as the trace's repeat (TF 2.21
        prints 'model call', the builds, then 'model call' once more for a model first called in a tf.function,
        or in fit, whose symbolic build runs first)."""
        inner = OPEN.index(self) if self in OPEN else len(OPEN)
        return any(run._graph for run in OPEN[:inner])

    def show_again(self):
        """What the run printed, written once more now (a layer's failed build run: Keras runs its call again);
        nothing after an abort, which already showed it."""
        if not self.aborted:
            object_names.handed_out_again(self._names)
        text = ''.join(self._recorder.written)
        if text and not self.aborted:
            with once():
                self._recorder.target.write(text)

    def repeats(self):
        """Whether TensorFlow traces this call again: so far it made variables, or was told it would."""
        return self._created or CREATED[0] != self._before

    def __exit__(self, exc_type, *exc):
        if OPEN and OPEN[-1] is self:
            OPEN.pop()
        if self._symbolic and SYMBOLIC_RUNS and SYMBOLIC_RUNS[-1] is self:
            SYMBOLIC_RUNS.pop()
        if sys.stdout is self._recorder:
            sys.stdout = self._recorder.target
        self._stop_naming()
        if exc_type is None and self.repeats() and not self.aborted:
            self.trace_again()
        return False

    def trace_again(self):
        """TensorFlow's second trace of the call: its names handed out and its prints written once more.
        Also after a first call whose graph run failed (a kernel's error, a failed Assert): TF 2.21 made both
        traces before running the graph (progs/optimtraj26/p2_later.py 'r', 's')."""
        self.retraced = True
        object_names.handed_out_again(self._names)
        for again in self.on_retrace:
            again()
        text = ''.join(self._recorder.written)
        if text:
            # An enclosing first trace (a train step that builds a subclassed model by
            # running its call) keeps only the one run it retraces, not this repeat.
            with once():
                sys.stdout.write(text)


class once:
    """Code in a first traced call that TensorFlow's second trace does not run again (a layer's
    build): its prints are not written a second time."""

    def __enter__(self):
        _ONCE[0] += 1

    def __exit__(self, *exc):
        _ONCE[0] -= 1
        for run in OPEN:        # a build that finished: an abort after it does not show its prints again
            if run._recorder.base == _ONCE[0]:
                run._recorder.building.clear()
        return False


_ONCE = [0]
OPEN = []       # the first traced calls running now, innermost last


def made_unseen(before):
    """The variables made since ``CREATED[0]`` read ``before`` were made in a for-over-dataset body, the
    reduce function's own graph, where TensorFlow's first-trace check does not see them: the open first
    call does not trace again for them (TF 2.21: a train_epoch(ds) whose loop body first builds the
    optimizer's slots traces once, prints once; a train_step that builds them traces twice)."""
    if OPEN and CREATED[0] != before:
        OPEN[-1]._before += CREATED[0] - before
