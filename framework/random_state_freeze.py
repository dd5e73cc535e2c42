"""Random draws that leave every random state as it was: a functional call's run on zeros.

Keras 3 infers a layer's output shapes by tracing its ``call`` in a TensorFlow graph that is
never run, so the draws made there (a VAE's sampling layer with ``keras.random.normal(seed=
self.seed_generator)``, ``tf.random.normal`` with the global seed) move no SeedGenerator
state, no op-seed counter and no kernel's Philox offset: the first real call draws what it
would have drawn had the model been built without them. tapeflow runs such calls on zeros,
so it freezes those states around them (``layers/call_context.probe``). Weight initializers
are the exception: Keras creates variables eagerly (``tf.init_scope``) even inside the trace,
so a layer first built there advances its initializer's SeedGenerator; ``thawed()`` marks that.
"""
import threading


class _Freeze(threading.local):
    def __init__(self):
        self.frozen = False


_freeze = _Freeze()


def frozen():
    """Whether random draws made now must leave random states unchanged."""
    return _freeze.frozen


class _Setting:
    def __init__(self, value):
        self._value = value

    def __enter__(self):
        self._was = _freeze.frozen
        _freeze.frozen = self._value
        return self

    def __exit__(self, *exc):
        _freeze.frozen = self._was
        return False


def freezing():
    """``with freezing():`` random draws inside leave SeedGenerators and op seeds as they were."""
    return _Setting(True)


def thawed():
    """``with thawed():`` draws inside advance random states again (weights made in a frozen run)."""
    return _Setting(False)
