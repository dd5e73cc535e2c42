"""Keras 3's warnings when the build run of a symbolic first call fails.

A layer without a build() of its own whose sublayers are unbuilt is built by running its call
symbolically (Layer._maybe_build); when that run raises in a functional build, Keras warns that
it cannot trace the call, then builds with the default build(), which warns that the layer stays
unbuilt, and the real call fails after both. keras.io's text_generation_fnet decoder (a
``padding_mask`` only set when a mask arrives) shows the two warnings before its error on TF 2.21.
"""
import warnings

_CANNOT_TRACE = ("Layer '%s' looks like it has unbuilt state, but Keras is not able to trace the layer `call()` in "
                 "order to build it automatically. Possible causes:\n"
                 "1. The `call()` method of your layer may be crashing. Try to `__call__()` the layer eagerly on "
                 "some test input first to see if it works. E.g. `x = np.random.random((3, 4)); y = layer(x)`\n"
                 "2. If the `call()` method is correct, then you may need to implement the `def build(self, "
                 "input_shape)` method on your layer. It should create all variables used by the layer (e.g. by "
                 "calling `layer.build()` on all its children layers).\n"
                 "Exception encountered: ''%s''")


def warn_failed_build_run(layer, error):
    """Both warnings for ``layer``, whose symbolic build run raised ``error``. Keras runs ``self.call``
    there, so an error of the layer's own call shows unworded (tapeflow's call wording, which names the
    layer in a note, is undone); a sublayer's error keeps that sublayer's wording, as in Keras."""
    from ..layer import warn_unbuilt_state        # layer.py imports the functional package
    own = 'raised in call() of layer "%s"' % layer.name in getattr(error, '__notes__', ())
    raw = error.__context__ if own and error.__context__ is not None else error
    warnings.warn(_CANNOT_TRACE % (layer.name, raw), stacklevel=4)
    warn_unbuilt_state(layer.name)
