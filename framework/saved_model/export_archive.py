"""``keras.export.ExportArchive``: a SavedModel with the serving endpoints the user chooses (Keras 3).

``track(model)`` gathers a layer's variables, ``add_endpoint(name, fn, input_signature)`` wraps ``fn``
in a tf.function with that signature, ``add_variable_collection`` keeps a list of variables by name,
and ``write_out(path)`` saves them all with ``tf.saved_model.save``: every endpoint is a signature,
the first one also 'serving_default'. ``tf.saved_model.load`` gives back the endpoints, the
collections and ``variables`` / ``trainable_variables`` / ``non_trainable_variables``.

TensorFlow traces each endpoint at save without running it; tapeflow's save runs an endpoint never
run before once on zeros and puts the variables back (``Signature.trace_at_save``): the endpoint's
printout and its signature's outputs come from that run, and a training-mode endpoint leaves no
moving statistics or seed behind.
"""
from .. import nest
from ..concrete_function import ConcreteFunction
from ..function import Function, function as tf_function
from ..ops.tensor_spec import TensorSpec
from ..train.tracked_containers import ListWrapper
from ..variable import Variable

_FN_WITHOUT_SIGNATURE = (
    "If the `fn` argument provided is not a `tf.function`, you must provide an `input_signature` argument to "
    "specify the shape and dtype of the function arguments. Example:\n\nexport_archive.add_endpoint(\n"
    "    name='call',\n    fn=model.call,\n    input_signature=[\n        keras.InputSpec(\n"
    "            shape=(None, 224, 224, 3),\n            dtype='float32',\n        )\n    ],\n)")


class ArchiveRoot:
    """What ``write_out`` saves and ``tf.saved_model.load`` gives back (TF's AutoTrackable): the
    endpoints and variable collections as attributes, and the tracked layers' variables."""

    def __init__(self):
        self.variables, self.trainable_variables, self.non_trainable_variables = [], [], []
        self._misc_assets = []

    def _revived_names(self):
        """The attributes TF's loaded root lists (dir()): endpoints, collections, the variable lists."""
        return [name for name in vars(self) if not name.startswith('_')]

    def __setstate__(self, state):
        # loaded: its variable lists and collections hold plain tf.Variables, as TF revives them
        from .revived_variables import revived
        self.__dict__.update({name: revived(value) if _variable_list(value) else value
                              for name, value in state.items()})


def _variable_list(value):
    return type(value) is list and bool(value) and all(isinstance(v, Variable) for v in value)


class ExportArchive:
    """Keras 3's ExportArchive (format 'saved_model')."""

    def __init__(self, format='saved_model'):
        if format != 'saved_model':
            raise ValueError('Unsupported format: %s' % (format,))
        self._root = ArchiveRoot()
        self._endpoint_names = []
        self._endpoint_signatures = {}

    @property
    def variables(self):
        return self._root.variables

    @property
    def trainable_variables(self):
        return self._root.trainable_variables

    @property
    def non_trainable_variables(self):
        return self._root.non_trainable_variables

    def track(self, resource):
        """Keep ``resource`` (a built layer or model, or a trackable object) and its variables.

        Raises:
            ValueError: an unbuilt layer, or something that is neither a layer nor trackable.
        """
        from layers.layer import Layer
        from ..train.object_graph import is_trackable
        if isinstance(resource, Layer):
            if not resource.built:
                raise ValueError('The layer provided has not yet been built. It must be built before export.')
            self._root.variables += resource.variables
            self._root.trainable_variables += resource.trainable_variables
            self._root.non_trainable_variables += resource.non_trainable_variables
        elif not is_trackable(resource):
            from ..keras_config_errors import class_text
            raise ValueError("Invalid resource type. Expected a Keras `Layer` or `Model` or a TensorFlow `Trackable` "
                             "object. Received object %s of type '%s'. " % (resource, class_text(type(resource))))
        self._root._misc_assets.append(resource)     # saved with the archive (TF's _misc_assets)

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        """Make ``fn`` the endpoint ``name``; returns the tf.function that wraps it.

        Raises:
            ValueError: a name already taken; no ``input_signature`` for a plain function, or for a
                tf.function never called; an InputSpec without shape or dtype.
        """
        if name in self._endpoint_names:
            raise ValueError("Endpoint name '%s' is already taken." % (name,))
        if 'jax2tf_kwargs' in kwargs or 'is_static' in kwargs:
            raise ValueError("'jax2tf_kwargs' and 'is_static' are only supported with the jax backend. Current "
                             'backend: tensorflow')
        if input_signature is None:
            if not isinstance(fn, Function):
                raise ValueError(_FN_WITHOUT_SIGNATURE)
            # (a tf.function with an input_signature lists its concrete function before any call, as TF's
            # _list_all_concrete_functions, which Keras asks)
            if not fn._traces and fn.input_signature is None:
                raise ValueError("The provided tf.function '%s' has never been called. To specify the expected shape "
                                 "and dtype of the function's arguments, you must either provide a function that has "
                                 'been called at least once, or alternatively pass an `input_signature` argument in '
                                 '`add_endpoint()`.' % (fn,))
            decorated = fn
        else:
            input_signature = nest.map_structure(_tensor_spec, input_signature)
            decorated = tf_function(fn, input_signature=input_signature, autograph=False)
            self._endpoint_signatures[name] = input_signature
        setattr(self._root, name, decorated)
        self._endpoint_names.append(name)
        return decorated

    def track_and_add_endpoint(self, name, resource, input_signature, **kwargs):
        """``track(resource)``, then ``resource.__call__`` as the endpoint ``name``."""
        self.track(resource)
        return self.add_endpoint(name, resource.__call__, input_signature, **kwargs)

    def add_variable_collection(self, name, variables):
        """Save ``variables`` (a list, tuple or set) as the attribute ``name`` of the loaded object.

        Raises:
            ValueError: not a list / tuple / set, or an item that is not a variable.
        """
        if not isinstance(variables, (list, tuple, set)):
            raise ValueError("Expected `variables` to be a list/tuple/set. Received instead object of type '%s'."
                             % (_keras_type(variables),))
        if not all(isinstance(v, Variable) for v in variables):
            raise ValueError('Expected all elements in `variables` to be `tf.Variable` instances. Found instead the '
                             'following types: %s' % list(set(type(v) for v in variables)))
        setattr(self._root, name, list(variables))

    def write_out(self, filepath, options=None, verbose=True):
        """Save the archive to ``filepath`` with every endpoint as a signature (the first one also as
        'serving_default') and, with ``verbose``, print each endpoint's signature as Keras does.

        Raises:
            ValueError: no endpoint added.
        """
        from . import save
        from .signatures import Signature
        if not self._endpoint_names:
            raise ValueError('No endpoints have been set yet. Call add_endpoint().')
        # Keras passes an endpoint made with an input_signature as its tf.function, whose wrapper TF names
        # after the function ('signature_wrapper___call__' for track_and_add_endpoint), others as traces
        signatures = {name: Signature.of(self._concrete(name), at=(self._root, name),
                                         wrapped_name=self._signature_function_name(name))
                      for name in self._endpoint_names}
        if 'serving_default' not in signatures:
            signatures['serving_default'] = signatures[self._endpoint_names[0]]
        save(self._root, filepath, signatures=signatures, options=options)
        if verbose:
            endpoints = '\n\n'.join(_endpoint_text(self._concrete(name), name) for name in self._endpoint_names)
            print("Saved artifact at '%s'. The following endpoints are available:\n\n%s" % (filepath, endpoints))

    def _signature_function_name(self, name):
        if name not in self._endpoint_signatures:
            return None
        return getattr(getattr(self._root, name), '__name__', '')

    def _concrete(self, name):
        """The endpoint's concrete function: its input signature's, or a tf.function's first trace (Keras's)."""
        endpoint = getattr(self._root, name)
        if not hasattr(endpoint, 'get_concrete_function'):
            raise _not_a_function(endpoint)
        if name in self._endpoint_signatures or endpoint.input_signature is not None:
            return endpoint.get_concrete_function()
        entry = endpoint._traces[0]
        if entry.concrete is None:
            entry.concrete = ConcreteFunction(endpoint, entry)
        return entry.concrete


def _not_a_function(value):
    """TF 2.21's refusal of a signature that is no function: an endpoint whose attribute a later
    add_variable_collection of the same name replaced (Keras accepts the name; TF's save, tracking the
    list as a ListWrapper, refuses it)."""
    shown = ListWrapper(value) if isinstance(value, list) else value
    return ValueError('Expected a TensorFlow function for which to generate a signature, but got %s. Only '
                      '`tf.functions` with an input signature or concrete functions can be used as a signature.'
                      % (shown,))


def _endpoint_text(concrete, name):
    """Keras's printout of an endpoint: its concrete function's signature block, first line renamed."""
    lines = concrete.pretty_printed_signature(verbose=True).split('\n')
    return '\n'.join(["* Endpoint '%s'" % name] + lines[1:])


def _tensor_spec(x):
    """Keras's make_tf_tensor_spec: a TensorSpec as given; an InputSpec (with shape and dtype), a
    KerasTensor or a tensor as a TensorSpec with the batch axis open (an InputSpec's shape as given).

    Raises:
        ValueError: an InputSpec without shape or dtype. TypeError: anything else.
    """
    from layers.functional.keras_tensor import KerasTensor
    from layers.input_spec import InputSpec
    from ..tensor import Tensor
    if isinstance(x, TensorSpec):
        return x
    if isinstance(x, InputSpec):
        if x.shape is None or x.dtype is None:
            raise ValueError('The `shape` and `dtype` must be provided. Received: x=%r' % (x,))
        return TensorSpec(x.shape, x.dtype, x.name)
    if isinstance(x, (KerasTensor, Tensor)):
        shape = (None,) + tuple(x.shape)[1:]
        return TensorSpec(shape, x.dtype, x.name if isinstance(x, KerasTensor) else None)
    raise TypeError('Unsupported x=%s of the type (%s). Supported types are: `keras.InputSpec`, `keras.KerasTensor` '
                    'and backend tensor.' % (x, type(x)))


def _keras_type(value):
    """Keras names its variable class keras.src.backend.Variable in this message."""
    from ..keras.keras_variable import Variable as KerasVariable
    return "<class 'keras.src.backend.Variable'>" if isinstance(value, KerasVariable) else type(value)
