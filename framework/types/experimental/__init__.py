"""``tf.types.experimental``: TensorFlow's abstract types, for type hints and ``isinstance`` checks.

``TensorLike`` is TensorFlow's union of what converts to a tensor. The function types are
abstract base classes with TensorFlow's abstract methods; tapeflow's ``tf.function`` result and its
concrete functions are registered as ``PolymorphicFunction`` and ``ConcreteFunction``, and every
``tf.TypeSpec`` as a ``TraceType``, so ``isinstance`` answers as in TensorFlow.
"""
import abc
import inspect
import typing

import numpy as np

from ...concrete_function import ConcreteFunction as _TapeflowConcreteFunction
from ...function import Function as _TapeflowFunction
from ...tensor import Tensor
from ...type_spec import TypeSpec
from . import distributed  # noqa: F401

__all__ = ['AtomicFunction', 'Callable', 'ConcreteFunction', 'FunctionType', 'GenericFunction', 'PolymorphicFunction',
           'SupportsTracingProtocol', 'TensorLike', 'TraceType', 'distributed']


@typing.runtime_checkable
class TensorProtocol(typing.Protocol):
    """An object that converts itself to a tensor through ``__tf_tensor__`` (as ``tf.convert_to_tensor`` asks)."""

    def __tf_tensor__(self, dtype=None, name=None):
        """This object as a Tensor of ``dtype``."""


TensorLike = typing.Union[Tensor, TensorProtocol, int, float, bool, str, bytes, complex, tuple, list, np.ndarray,
                          np.generic]


class FunctionType(inspect.Signature):
    """The signature of the calls a ``Callable`` accepts (an ``inspect.Signature``)."""


class Callable(metaclass=abc.ABCMeta):
    """Something TensorFlow can call with tensors: a polymorphic, concrete or atomic function."""

    @property
    @abc.abstractmethod
    def function_type(self):
        """The ``FunctionType`` of the calls this callable accepts."""

    def __call__(self, *args, **kwargs):
        """Runs the function."""


class AtomicFunction(Callable):
    """A function TensorFlow runs as one op."""


class ConcreteFunction(Callable, metaclass=abc.ABCMeta):
    """One trace of a ``tf.function``, for one input signature."""

    @property
    @abc.abstractmethod
    def inference_fn(self):
        """The ``AtomicFunction`` that runs this trace."""


class GenericFunction(Callable, metaclass=abc.ABCMeta):
    """A function that traces a ``ConcreteFunction`` per input signature."""

    @abc.abstractmethod
    def get_concrete_function(self, *args, **kwargs):
        """The trace for these arguments (tensors or TensorSpecs)."""


class PolymorphicFunction(GenericFunction):
    """What ``tf.function`` returns."""


class TraceType(metaclass=abc.ABCMeta):
    """The type a traced function keys its traces by (every ``tf.TypeSpec`` is one)."""

    @abc.abstractmethod
    def is_subtype_of(self, other):
        """Whether every value of this type is a value of ``other``."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others):
        """The narrowest type that holds this type and ``others``, or None."""

    @abc.abstractmethod
    def placeholder_value(self, placeholder_context):
        """A value of this type for tracing."""

    @abc.abstractmethod
    def __eq__(self, other):
        pass

    @abc.abstractmethod
    def __hash__(self):
        pass


@typing.runtime_checkable
class SupportsTracingProtocol(typing.Protocol):
    """An object that gives its own ``TraceType`` through ``__tf_tracing_type__``."""

    @abc.abstractmethod
    def __tf_tracing_type__(self, context):
        """This object's TraceType."""


PolymorphicFunction.register(_TapeflowFunction)
ConcreteFunction.register(_TapeflowConcreteFunction)
TraceType.register(TypeSpec)
