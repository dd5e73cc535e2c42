"""TFSMLayer: a SavedModel reloaded as a layer (Keras 3's ``keras.layers.TFSMLayer``).

``model.export(path)`` then ``TFSMLayer(path)`` gives a layer that calls the artifact's ``serve``
endpoint (or any attribute or signature named by ``call_endpoint``; ``call_training_endpoint``
for ``training=True``). The variables the endpoints' concrete functions use become the layer's weights,
trainable ones first (Keras's _list_variables_used_by_fns: a tf.Module's SavedModel too), named as Keras
names them ('sequential_dense_kernel:0'), and the endpoint computes with them, so fitting a model around
the layer fine-tunes it, as in Keras. As Keras, a config naming a TFSMLayer
loads only in unsafe mode (it runs a stored artifact).
"""
from framework.saved_model.loaded import _RestoredEndpoint

from . import tracking
from .layer import Layer


class TFSMLayer(Layer):
    """The endpoint ``call_endpoint`` of the SavedModel at ``filepath``, as a layer.

    Raises:
        OSError: no SavedModel at ``filepath``.
        ValueError: an endpoint that is neither an attribute nor a signature of the artifact
            (Keras's message, listing the signatures).
    """

    def __init__(self, filepath, call_endpoint='serve', call_training_endpoint=None, trainable=True, name=None,
                 dtype=None):
        super().__init__(trainable=trainable, name=name, dtype=dtype)
        from framework.saved_model import load
        self._reloaded_obj = load(filepath)
        self.filepath = filepath
        self.call_endpoint = call_endpoint
        self.call_training_endpoint = call_training_endpoint
        self.call_endpoint_fn = self._endpoint(call_endpoint, True)
        if call_training_endpoint:
            self.call_training_endpoint_fn = self._endpoint(call_training_endpoint, False)
        fns = [self.call_endpoint_fn] + ([self.call_training_endpoint_fn] if call_training_endpoint else [])
        for variable in self._variables_used_by(fns):
            # Keras's names for them: the artifact's variable name with '_' for '/' ('sequential_dense_kernel:0')
            variable._name = (variable.path + ':0').replace('/', '_')
            variable._path = variable._name     # (Keras wraps it outside any name scope: path as name)
            (self._trainable_created if variable.trainable else self._non_trainable_created).append(variable)
        tracking.structure_changed(self)
        self.built = True

    def _endpoint(self, endpoint, suggest_argument):
        reloaded = self._reloaded_obj
        if hasattr(reloaded, endpoint):
            return getattr(reloaded, endpoint)
        if endpoint in reloaded.signatures:
            return reloaded.signatures[endpoint]
        raise ValueError("The endpoint '%s' is neither an attribute of the reloaded SavedModel, nor an entry in the "
                         '`signatures` field of the reloaded SavedModel. %sAvailable endpoints for this SavedModel: %s'
                         % (endpoint, 'Select another endpoint via the `call_endpoint` argument. '
                            if suggest_argument else '', list(reloaded.signatures.keys())))

    def _variables_used_by(self, fns):
        """The variables the endpoint functions ``fns`` use, trainable ones first, each once, as Keras's
        _list_variables_used_by_fns lists them from each one's concrete functions (a loaded tf.function's
        ``concrete_functions``, a signature itself): a loaded export's ``serve`` lists what its inference
        graph captured (restored_concrete.py: no seed generator state, BatchNormalization's moving statistics
        first). An endpoint of an archive saved without input specs keeps no concrete function: its
        artifact's variables stand for them."""
        trainable, non_trainable, seen = [], [], set()
        for fn in fns:
            if hasattr(fn, 'concrete_functions'):
                concrete_functions = fn.concrete_functions
            elif isinstance(fn, _RestoredEndpoint):
                concrete_functions = [self._reloaded_obj]
            elif hasattr(fn, 'get_concrete_function'):
                concrete_functions = [fn.get_concrete_function()]
            else:
                concrete_functions = [fn]
            for concrete in concrete_functions:
                for variable in concrete.trainable_variables:
                    if id(variable) not in seen:
                        seen.add(id(variable))
                        trainable.append(variable)
                for variable in concrete.variables:
                    if id(variable) not in seen:
                        seen.add(id(variable))
                        non_trainable.append(variable)
        return trainable + non_trainable

    def compute_output_shape(self, input_shape):
        """Keras 3's TFSMLayer has none: its base class raises (TF 2.21). Its calls on KerasTensors and
        ``compute_output_spec`` still find the outputs by running the endpoint, as Keras traces it."""
        raise NotImplementedError('Layer %s does not have a `compute_output_shape` method implemented. Should '
                                  'implement `def compute_output_shape(self, input_shape)`.' % type(self).__name__)

    # (read by functional/symbolic_call.py and output_spec.py: the output shape comes from the call)
    compute_output_shape.keras_default = True

    def call(self, inputs, training=False, **kwargs):
        if training and self.call_training_endpoint:
            return self.call_training_endpoint_fn(inputs, **kwargs)
        return self.call_endpoint_fn(inputs, **kwargs)

    def get_config(self):
        config = super().get_config()
        config.update({'filepath': self.filepath, 'call_endpoint': self.call_endpoint,
                       'call_training_endpoint': self.call_training_endpoint})
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        """A TFSMLayer from its config, only with ``safe_mode=False`` or unsafe deserialization enabled.

        Raises:
            ValueError: in safe mode (Keras's message): the artifact's code would run.
        """
        from framework.keras.global_switches import in_safe_mode
        if (safe_mode if safe_mode is not None else in_safe_mode()) is not False:
            raise ValueError('Requested the deserialization of a `TFSMLayer`, which loads an external SavedModel. '
                             'This carries a potential risk of arbitrary code execution and thus it is disallowed by '
                             'default. If you trust the source of the artifact, you can override this error by '
                             'passing `safe_mode=False` to the loading function, or calling '
                             '`keras.config.enable_unsafe_deserialization().')
        return cls(**config)
