"""A layer's ``build`` marks the layer built and remembers its shape, as Keras 3's does.

Keras 3 wraps every layer's ``build``: after ``layer.build((None, 4))`` called by hand the
layer is ``built`` (its first call does not build it again) and ``get_build_config()`` is
``{'input_shape': (None, 4)}``. ``Layer.__init_subclass__`` wraps the ``build`` of every class
that defines one with ``recording_build``: a user's ``build`` written for Keras sets neither
(without the wrapper, a layer built by hand was built again on its first call, making new
weights in place of those it had), and tapeflow's own layers built by hand (``Dense(3).build``,
an LSTM built before ``Bidirectional`` copies it) had no build config to save or copy. As
Keras's wrapper opens the layer's name scope, the build runs with the layer enclosing what it
builds (``call_context.building``).
"""
import functools

from framework.train import deferred_restore

from . import call_context
from .keras_build_config import keras_writes_build_config


def needs_recording(cls):
    """Whether ``cls`` defines its own ``build``."""
    return 'build' in cls.__dict__


def recording_build(build):
    """``build`` that then sets ``built`` and remembers the shape it was given (its first argument)."""
    if getattr(build, '_records_build', False):
        return build

    @functools.wraps(build)
    def build_and_record(self, *args, **kwargs):
        # Keras 3 wraps only the instance's own build: a super().build() inside it does not lock
        outermost = '_in_build' not in self.__dict__
        if outermost:
            self.__dict__['_in_build'] = True
        try:
            with call_context.building(self):
                build(self, *args, **kwargs)
        finally:
            if outermost:
                del self.__dict__['_in_build']
        self.built = True
        if self._build_input_shape is None:
            self._build_input_shape = args[0] if args else next(iter(kwargs.values()), None)
            if self._build_input_shape is None and (args or kwargs) and keras_writes_build_config(type(self)):
                # Keras 3 records the arguments build was given: Embedding(5, 3).build(None) has the
                # build config {'input_shape': None}
                self.__dict__['_build_shapes_dict'] = {'input_shape': None}
        if outermost:
            self.lock_state()      # built again by hand, add_weight refuses: the layer keeps its weights
            # TF restores a checkpoint's waiting values as the variables are made: also in a build by hand
            deferred_restore.after_build(self)

    build_and_record._records_build = True
    return build_and_record
