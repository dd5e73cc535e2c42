"""``tf.compat.v1.train``: TF 2's tf.train plus TF 1's session-run hook API (SessionRunHook,
SessionRunArgs, SessionRunContext, SessionRunValues), which TF 2.21 still exports there (tf.train lacks
them). They are plain Python in TensorFlow too, so TF 1-era code that subclasses SessionRunHook (the
guide/migrate notebooks' LoggerHook, InterruptHook) defines and drives its hooks as there; the
MonitoredSession that would call them needs a graph, which tapeflow does not have."""
import collections
import types

import framework


class SessionRunHook:
    """Hook to extend calls to ``MonitoredSession.run()``: every method does nothing until overridden."""

    def begin(self):
        """Called once before the session is used."""

    def after_create_session(self, session, coord):
        """Called when a new session has been created."""

    def before_run(self, run_context):
        """Called before each ``run()``; may return a ``SessionRunArgs`` to add fetches or feeds."""
        return None

    def after_run(self, run_context, run_values):
        """Called after each ``run()`` with the ``SessionRunValues`` of the fetches asked for."""

    def end(self, session):
        """Called at the end of the session."""


class SessionRunArgs(collections.namedtuple('SessionRunArgs', ['fetches', 'feed_dict', 'options'])):
    """Arguments a hook adds to a ``Session.run()`` call (``feed_dict`` and ``options`` default to None)."""

    def __new__(cls, fetches, feed_dict=None, options=None):
        return super().__new__(cls, fetches, feed_dict, options)


class SessionRunContext:
    """The ``run()`` call being made: its original arguments, its session, and whether a hook asked to stop."""

    def __init__(self, original_args, session):
        self._original_args = original_args
        self._session = session
        self._stop_requested = False

    @property
    def original_args(self):
        return self._original_args

    @property
    def session(self):
        return self._session

    @property
    def stop_requested(self):
        return self._stop_requested

    def request_stop(self):
        self._stop_requested = True


class SessionRunValues(collections.namedtuple('SessionRunValues', ['results', 'options', 'run_metadata'])):
    """The results of a ``Session.run()`` for the fetches a hook's ``before_run`` asked for."""


from .v1_saver import Saver  # noqa: E402  (TF 1's name-based checkpoints, run eagerly)


def NewCheckpointReader(filepattern):
    """TF 1's name for a reader of the checkpoint at a prefix (tf.train.load_checkpoint's reader).

    Raises:
        NotFoundError: no checkpoint there (TF's text).
    """
    return framework.train.CheckpointReader(filepattern)


from .v1_optimizers import GLOBAL_STEP_FUNCTIONS, OPTIMIZERS  # noqa: E402  (TF 1's optimizers, run eagerly)
from .v1_decays import DECAYS, piecewise_constant_decay  # noqa: E402  (and their learning-rate decays)

_HOOK_API = {obj.__name__: obj for obj in (SessionRunHook, SessionRunArgs, SessionRunContext, SessionRunValues, Saver,
                                          NewCheckpointReader) + OPTIMIZERS + GLOBAL_STEP_FUNCTIONS + DECAYS}
_HOOK_API['piecewise_constant_decay'] = piecewise_constant_decay

train = types.ModuleType('framework.compat.v1.train', __doc__)
train.__dict__.update(_HOOK_API)
train.__getattr__ = lambda attribute: getattr(framework.train, attribute)
train.__dir__ = lambda: sorted(set(dir(framework.train)) | set(_HOOK_API))
