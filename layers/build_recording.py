"""A user layer's ``build`` marks the layer built and remembers its shape, as Keras 3's does.

Keras 3 wraps every layer's ``build``: after ``layer.build((None, 4))`` called by hand the
layer is ``built`` (its first call does not build it again) and ``get_build_config()`` is
``{'input_shape': (None, 4)}``. tapeflow's own layers set ``built`` in their ``build`` and
record shapes where Keras does (see ``keras_build_config``); a user's ``build`` written for
Keras sets neither, so ``Layer.__init_subclass__`` wraps the ``build`` of classes defined
outside tapeflow with ``recording_build``. Without it, a layer built by hand was built again
on its first call, making new weights in place of those it had (and any loaded into them).
"""
import functools

_TAPEFLOW_PACKAGES = ('layers', 'framework', 'optim')


def needs_recording(cls):
    """Whether ``cls`` defines its own ``build`` and is a user's class (not tapeflow's)."""
    return 'build' in cls.__dict__ and cls.__module__.split('.')[0] not in _TAPEFLOW_PACKAGES


def recording_build(build):
    """``build`` that then sets ``built`` and remembers the shape it was given (its first argument)."""
    if getattr(build, '_records_build', False):
        return build

    @functools.wraps(build)
    def build_and_record(self, *args, **kwargs):
        build(self, *args, **kwargs)
        self.built = True
        if self._build_input_shape is None:
            self._build_input_shape = args[0] if args else next(iter(kwargs.values()), None)

    build_and_record._records_build = True
    return build_and_record
