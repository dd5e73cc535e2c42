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
import inspect

from framework.train import deferred_restore

from . import call_context
from .build_shapes import _written_outside_tapeflow
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
        built_before = self.built
        if outermost:
            self.__dict__['_in_build'] = True
        try:
            with call_context.building(self):
                build(self, *args, **kwargs)
        finally:
            if outermost:
                del self.__dict__['_in_build']
        self.built = True
        if outermost and (args or kwargs) and (built_before or _written_outside_tapeflow(build)):
            _record_arguments(self, build, args, kwargs, built_before)
        elif outermost and self._build_input_shape is None:
            # only the instance's own build records, as Keras 3's wrapper: TimeDistributed.build((2, 3, 4))
            # passes its layer's (2, 4) on to Wrapper.build, whose shape Keras does not record
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


def _record_arguments(layer, build, args, kwargs, built_before):
    """Record the shapes this ``build`` was given as Keras 3's build wrapper does after every build it
    completes: the arguments bound to ``build``'s parameters, one as ``input_shape``, several as
    ``shapes_dict``. Its last build wins (TF 2.21: ``build((None, 2))`` then ``build((None, 3))`` on a
    layer that makes no new state gives ``{'input_shape': (None, 3)}``), and a user's build records its
    own argument, not the one its ``super().build(...)`` passed on."""
    bound = inspect.signature(build).bind(layer, *args, **kwargs).arguments
    bound.pop(next(iter(bound)))        # (self)
    shapes = dict(bound)
    first = next(iter(shapes.values()))
    if len(shapes) > 1:
        layer.__dict__['_build_shapes_dict'] = shapes
        layer._build_input_shape = first
        return
    if first is None and not built_before:
        return      # a first build(None) keeps what the build recorded itself
    layer._build_input_shape = first
    if built_before and not keras_writes_build_config(type(layer)):
        # built when made (Dropout, ...): Keras records only a build called by hand, as this one
        layer.__dict__['_build_shapes_dict'] = {'input_shape': first}
    else:
        layer.__dict__.pop('_build_shapes_dict', None)
