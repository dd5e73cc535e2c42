"""tf.Variable created by user code in a tf.function's later traces, as TensorFlow 2.21 refuses it.

TensorFlow lets a function create variables only in its first trace (the state it keeps
across calls, the tf.function guide's ``if self.v is None: self.v = tf.Variable(...)``). A
later trace (new argument shapes or types) that creates one fails once the trace is done:
ValueError 'Creating variables on a non-first call to a function decorated with
tf.function.'; from then on the function traces with creation refused, and the ``tf.Variable``
call itself raises the singleton error, in autograph's 'in user code:' words.

tapeflow runs the Python of each trace itself; ``Function._run`` puts its later traces in
``later_trace`` and the Variable constructor asks ``created_by`` while one runs. Only a
``tf.Variable(...)`` written in user code counts: tapeflow's own layers and optimizers make
theirs where Keras would have built them before the trace.
"""
import gc
import sys
import weakref

from .trace_names import _TAPEFLOW_PACKAGES, current

SINGLETON_REFUSAL = (
    'tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable '
    'is only created once or created outside tf.function. See '
    'https://www.tensorflow.org/guide/function#creating_tfvariables for more information.')
NON_FIRST_CALL = 'Creating variables on a non-first call to a function decorated with tf.function.'

RUNNING = []        # the later traces running now, innermost last (empty: the constructor's one cheap test)


class later_trace:
    """Around a tf.function's trace that is not its first. ``refusing``: the function already
    had a later trace create variables, so creating one now raises where it is made. After the
    block, ``created`` says whether user code made a tf.Variable in it."""

    def __init__(self, refusing):
        self.refusing = refusing
        self.created = False

    def __enter__(self):
        RUNNING.append(self)
        return self

    def __exit__(self, *exc):
        RUNNING.remove(self)
        return False


def created_by(depth=1):
    """A tf.Variable is being made by the code ``depth`` frames above the caller, inside a later
    trace: raise TensorFlow's singleton error when that trace refuses creation, else note it."""
    trace = RUNNING[-1]
    module = sys._getframe(depth + 1).f_globals.get('__name__', '')
    if module.partition('.')[0] in _TAPEFLOW_PACKAGES and not _keras_state(module):
        return
    if trace.refusing:
        raise ValueError(SINGLETON_REFUSAL)
    trace.created = True


def _keras_state(module):
    """Whether ``module`` makes state that TensorFlow counts as made where user code asks for it: Keras's
    own, which Keras too makes inside the trace that first needs it (a layer's weights, built at its first
    call; an optimizer's slots, at its first apply_gradients; a keras.Variable or SeedGenerator made there),
    and a tf.random.Generator's state variable (TF 2.21: ``tf.random.Generator.from_seed(1)`` made on each
    trace, or ``g.split(2)``, raises the singleton error). tapeflow's other variables are its own."""
    return module.startswith(('layers.', 'optim.', 'framework.keras.')) or module == 'framework.random_generator'


FIRST = []          # the first traces running now, innermost last


class first_trace:
    """Around a tf.function's first trace. TensorFlow traces a first call that made variables a second
    time with creation refused: a tf.Variable that user code makes on every trace (not kept, as the
    guide's ``if self.v is None`` keeps it) raises the singleton error there, on the very first call.
    ``made``: weak references to the variables user code made, with the (code, line) pairs of the
    stack where each was made, outermost first (no frames: they would keep the variables alive)."""

    def __init__(self):
        self.made = []

    def __enter__(self):
        FIRST.append(self)
        return self

    def __exit__(self, *exc):
        FIRST.remove(self)
        return False

    def remade(self):
        """The singleton error for a variable that nothing keeps after the trace (so the second trace
        would make it again), with where it was made; else None."""
        from .ops.fusable_outputs import forget_parts_holding
        from .ops.graph_rewrites import forget_operands
        forget_operands()       # (``v + 1.0`` notes v as the operand of a one-plus: not the user's keeping)
        if not self.made:
            return None
        # (a Dense layer made in the trace: its returned output's noted operands hold its kernel, the trace's
        # graph scopes the layer)
        forget_parts_holding([ref() for ref, _ in self.made])
        context = current()
        if getattr(context, 'graph', None) is not None:
            context.graph.forget_owners()
        if all(ref() is not None for ref, _ in self.made):
            gc.collect()        # (a Keras layer or optimizer dropped by the trace: a cycle refcounts never free)
        for ref, made_at in self.made:
            if ref() is None:
                error = ValueError(SINGLETON_REFUSAL)
                error._made_at = made_at
                return error
        return None


def made_in_first_trace(variable, depth=1):
    """Note ``variable``, made by the code ``depth`` frames above the caller in a first trace, when that
    code is the user's or makes Keras's state: an optimizer made inside the function and dropped after
    it makes its iterations and slots again in TensorFlow's second trace (the singleton error)."""
    frame = sys._getframe(depth + 1)
    module = frame.f_globals.get('__name__', '')
    if module.partition('.')[0] in _TAPEFLOW_PACKAGES and not _keras_state(module):
        return
    steps = []
    while frame is not None:
        steps.append((frame.f_code, frame.f_lineno))
        frame = frame.f_back
    FIRST[-1].made.append((weakref.ref(variable), steps[::-1]))


def never_made(variables):
    """``variables``, which tapeflow made ahead and dropped where TensorFlow's build stops before making them
    (Adafactor's slots, optim/slots.py), are not the running first traces' own."""
    gone = {id(v) for v in variables}
    for trace in FIRST:
        trace.made = [(ref, at) for ref, at in trace.made if id(ref()) not in gone]
