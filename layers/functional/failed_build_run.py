"""Keras 3's warnings when the build run of a symbolic first call fails.

A layer without a build() of its own whose sublayers are unbuilt is built by running its call
symbolically (Layer._maybe_build); when that run raises in a functional build, Keras warns that
it cannot trace the call, then builds with the default build(), which warns that the layer stays
unbuilt where a sublayer still is, and the real call fails after both. keras.io's text_generation_fnet
decoder (a ``padding_mask`` only set when a mask arrives) shows the two warnings before its error on TF 2.21.
"""
import warnings

from ..build_run import builds_by_calling
from ..tracking import direct_sublayers

_CANNOT_TRACE = ("Layer '%s' looks like it has unbuilt state, but Keras is not able to trace the layer `call()` in "
                 "order to build it automatically. Possible causes:\n"
                 "1. The `call()` method of your layer may be crashing. Try to `__call__()` the layer eagerly on "
                 "some test input first to see if it works. E.g. `x = np.random.random((3, 4)); y = layer(x)`\n"
                 "2. If the `call()` method is correct, then you may need to implement the `def build(self, "
                 "input_shape)` method on your layer. It should create all variables used by the layer (e.g. by "
                 "calling `layer.build()` on all its children layers).\n"
                 "Exception encountered: ''%s''")


def warn_failed_build_run(layer, error, pending=()):
    """Both warnings for ``layer``, whose symbolic build run raised ``error``. Keras runs ``self.call``
    there, so an error of the layer's own call shows unworded (tapeflow's call wording, which names the
    layer in a note, is undone); a sublayer's error keeps that sublayer's wording, as in Keras. ``pending``:
    ``pending_build_runs(layer)`` from before the run."""
    from ..layer import warn_unbuilt_state        # layer.py imports the functional package
    own = 'raised in call() of layer "%s"' % layer.name in getattr(error, '__notes__', ())
    raw = error.__context__ if own and error.__context__ is not None else error
    warnings.warn(_CANNOT_TRACE % (layer.name, raw), stacklevel=4)
    # Keras's default build() warns only where a sublayer is still unbuilt after the failed run: one
    # the call built before it failed (a Dense, then a sublayer whose call raised) no longer counts
    if any(not sub.built for sub in direct_sublayers(layer)) or any(_failed_in(sub, error) for sub in pending):
        warn_unbuilt_state(layer.name)


def pending_build_runs(layer):
    """The direct sublayers of ``layer`` that Keras 3 would build by running their call (``builds_by_calling``),
    asked before ``layer``'s build run: one whose own build run fails inside it stays unbuilt on Keras."""
    return [sub for sub in direct_sublayers(layer) if not sub.built and builds_by_calling(sub)]


def _failed_in(sub, error):
    """Whether ``error`` came out of ``sub``'s call. Keras's build run of ``sub`` failed with it then, and on
    graph tensors Keras returns from that build unbuilt (tapeflow's run on zeros keeps its build)."""
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_name == 'call' and tb.tb_frame.f_locals.get('self') is sub:
            return True
        tb = tb.tb_next
    return False
