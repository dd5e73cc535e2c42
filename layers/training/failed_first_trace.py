"""A compiled model whose train (or test) function's first trace raised, as TF 2.21 leaves it.

Keras 3 on TensorFlow (no distribution strategy) builds everything the step needs inside the
step function's first trace: the optimizer's slots at its first apply, the compiled metrics'
variables, CompileLoss's per-output trackers. tf.function lets only its first call create
variables, and it counts a first call whose trace raised as that call. So when the first fit
fails while tracing (a beginner's wrong input width, labels of the wrong shape) and the user
fixes the data and fits again, the second trace creates those variables and TF 2.21 raises

    ValueError: Creating variables on a non-first call to a function decorated with tf.function.

without training anything; every later call's step then returns no logs, which fit and evaluate
refuse with "Attr 'Toutput_types' of 'OptionalFromValue' Op passed list of length 0 less than
minimum 1." and train_on_batch / test_on_batch return as [] ({} with return_dict). A second trace
that creates nothing (plain SGD, one output, no metrics, or the state already built by the other
function's trace) runs as usual. compile() makes new functions, which heals the model. fit and
train_on_batch share Keras's train function; evaluate, validation and test_on_batch its test one.
A first trace that failed after building layers leaves the function broken at once.
"""
import weakref

from framework.errors import OpError
from framework.later_trace_variables import NON_FIRST_CALL
from framework.errors import noted

NO_LOGS = "Attr 'Toutput_types' of 'OptionalFromValue' Op passed list of length 0 less than minimum 1."
_FAMILY = {'train': 'train', 'train_on_batch': 'train', 'test': 'test', 'test_on_batch': 'test'}
_FIRST_FAILED, _LATE, _BROKEN, _RAN = 'first failed', 'refuses after its step', 'broken', 'ran'


class NoLogs(Exception):
    """Raised by an on-batch step of a broken function: the caller returns [] (or {})."""


def _family(kind):
    return _FAMILY.get(kind if isinstance(kind, str) else kind[0])


def _on_batch(kind):
    return not isinstance(kind, str) or kind.endswith('_on_batch')


class FunctionHealth:
    """The state of one compile's train and test functions (``StepTraces.health``)."""

    def __init__(self):
        self._state = {}
        self._unbuilt = {}
        self._owner = None
        self._late_kind = None
        self.broken = False     # any function broken: its steps are refused even where a trace would serve

    def own(self, model):
        """Set the compiled model whose functions these are (held weakly)."""
        self._owner = weakref.ref(model)

    def __getstate__(self):
        # a model saved by pickling (tf.saved_model.save) keeps the states; a weak reference cannot be stored
        # (the loaded model's functions then never count as building variables: they have traced already)
        state = dict(self.__dict__)
        state['_owner'] = None
        return state

    @property
    def model(self):
        return None if self._owner is None else self._owner()

    def refuse_broken(self, kind):
        """Raise what a broken function's step of ``kind`` gives: fit / evaluate TF's ValueError, an
        on-batch call NoLogs (its caller returns no logs)."""
        if self._state.get(_family(kind)) == _BROKEN:
            if _on_batch(kind):
                raise NoLogs()
            raise noted(ValueError(NO_LOGS), _HEAL)

    def before_trace(self, kind, made_early):
        """Note a trace of ``kind`` about to run. After a failed first trace, one that would build variables
        runs (an error of its own is raised as usual) and then raises TF's refusal (``after_trace``); fit's
        step raises it before its update (``refuse_before_update``): Keras's step function is traced inside
        its multi-step function's trace, which the error ends before anything runs, while train_on_batch
        calls the step function directly, so its step runs (one update) before the error."""
        family = _family(kind)
        if family is None:
            return
        state = self._state.get(family)
        if state is None:
            self._unbuilt[family] = not _built(self.model)
        elif state == _FIRST_FAILED and self._builds_variables(family, made_early):
            # TF runs this trace: an error of its own comes first (the first call's mistake, still there)
            self._state[family] = _LATE
            self._late_kind = kind

    def after_trace(self, kind, error=None):
        """Note how a trace of ``kind`` ended: ``error`` raised by it (already as TF words it), or None."""
        family = _family(kind)
        if family is None:
            return
        state = self._state.get(family)
        if state == _LATE:
            if error is not None:       # the trace's own error: TF never got to its variables
                self._state[family] = _FIRST_FAILED
                return
            self._break(family)
            raise noted(ValueError(NON_FIRST_CALL), _HEAL)
        elif error is None or isinstance(error, OpError):     # a kernel error: TF's trace itself succeeded
            if state != _BROKEN:
                self._state[family] = _RAN
        elif state is None:
            if self._unbuilt.get(family):
                self._break(family)
            else:
                self._state[family] = _FIRST_FAILED

    def refuse_before_update(self):
        """Called by fit's traced train step before the optimizer applies: TF's refusal ends the trace of
        Keras's multi-step function, so nothing is trained (train_on_batch's step runs; see before_trace)."""
        if self._state.get('train') == _LATE and self._late_kind == 'train':
            self._break('train')
            raise noted(ValueError(NON_FIRST_CALL), _HEAL)

    def _break(self, family):
        self._state[family] = _BROKEN
        self.broken = True

    def _builds_variables(self, family, made_early):
        model = self.model
        if model is None:
            return False
        if family == 'train' and ('train' in made_early or _optimizer_builds_slots(getattr(model, 'optimizer', None))):
            return True
        if _RAN in self._state.values():    # the other function's trace built the compiled metrics / losses
            return False
        return _has_compiled_metrics(model) or len(getattr(model, '_outputs', None) or ()) > 1


_HEAL = ("tapeflow: this compiled model's step function failed on its first call (TF 2.21's tf.function then "
         'refuses the variables Keras builds in a later trace); call model.compile(...) again to start afresh')


def _built(model):
    return model is None or (model.built and all(layer.built for layer in model._flatten_layers(include_self=False)))


def _optimizer_builds_slots(optimizer):
    # Keras builds the optimizer at its first apply, in the trace; plain SGD makes no variables there
    if optimizer is None or optimizer.built:
        return False
    return not (type(optimizer).__name__ == 'SGD' and not getattr(optimizer, 'momentum', 0))


def _has_compiled_metrics(model):
    compiled = next((m for m in getattr(model, 'metrics', ()) if type(m).__name__ == 'CompileMetrics'), None)
    return compiled is not None and bool(compiled._user_metrics or compiled._user_weighted)
