"""Keras 3's symbolic build run: a layer without a build() of its own whose sublayers are not all built is
built by running its call once more, and warns where sublayers stay unbuilt after it."""
import warnings

from framework.function_init import initializing

from . import call_context, tracking


_UNBUILT_STATE_WARNING = ("`build()` was called on layer '%s', however the layer does not have a `build()` method "
                          'implemented and it looks like it has unbuilt state. This will cause the layer to be marked '
                          'as built, despite not being actually built, which may cause failures down the line. Make '
                          'sure to implement a proper `build()` method.')


def warn_unbuilt_state(name):
    """Keras 3's default build()'s warning for layer ``name``, always from this one line: Keras warns from
    its own layer.py, so Python's filter shows it once per layer name, whichever path built the layer."""
    warnings.warn(
        _UNBUILT_STATE_WARNING % name)


def warn_if_left_unbuilt(layer):
    """After a successful build run of ``layer``: Keras's default build() warns where a sublayer the call
    did not use is still unbuilt (keras.io's ViT-on-small-datasets tokenizer keeps a LayerNormalization
    that its vanilla mode never calls)."""
    if any(not sub.built for sub in tracking.direct_sublayers(layer)):
        warn_unbuilt_state(layer.name)


class BuildRun:
    """The context of a first call Keras runs twice (builds_by_calling): prints shown twice,
    call_context.build_run over its inputs, and Keras's warning when sublayers the call did not
    use are still unbuilt after it (the NMT tutorial's Decoder keeps a StringLookup it never calls)."""

    def __init__(self, layer, values):
        self._layer = layer
        self._run = initializing(created=True, symbolic=True)
        self._contexts = (self._run, call_context.build_run(values))

    def __enter__(self):
        for context in self._contexts:
            context.__enter__()
        return self

    def __exit__(self, exc_type, *exc):
        for context in reversed(self._contexts):
            context.__exit__(exc_type, *exc)
        if self._run.aborted:
            # Keras's symbolic run failed (a sublayer made a tf.Variable from a tensor): it leaves the
            # eager call to build, unwarned, and records no build shape (get_build_config() is None)
            self._layer.__dict__['_build_shapes_dict'] = None
            self._layer._build_input_shape = None
        elif exc_type is None:
            warn_if_left_unbuilt(self._layer)
        return False

    def show_again(self):
        """After the run failed in an eager call: Keras's symbolic run gave up, and the real call ran call()
        once more, so its prints show a second time before the error (not where the run was aborted)."""
        self._run.show_again()

    @property
    def failed(self):
        return self._run.aborted


def builds_by_calling(layer):
    """Whether Keras 3 builds ``layer`` by running its call once more (symbolically): a layer
    without a build() of its own whose sublayers are not all built."""
    from .layer import Layer        # (layer.py imports this module; asked of unbuilt layers only)
    return type(layer).build is Layer.build and any(not sub.built for sub in tracking.direct_sublayers(layer))
