"""A layer's dtypes, as Keras 3 reports them: ``dtype`` (the variables'), ``compute_dtype``,
``input_dtype`` and ``dtype_policy``.

A layer keeps ``_dtype`` (the variables' numpy dtype) and, under a mixed policy, ``_mixed`` (the
policy's name) and ``_compute`` (its compute dtype); Layer.__init__ sets them (layer_arguments'
standardize_policy) and ``__call__`` autocasts (autocast.py).
"""
from .layer_arguments import standardize_policy


class LayerDType:
    """The dtype properties of Layer (a base class of it)."""

    @property
    def dtype(self):
        """The variable dtype's name, e.g. 'float32' (as Keras 3 reports it)."""
        return self._dtype.name

    @property
    def compute_dtype(self):
        """The dtype the layer computes in: the variable dtype, or a mixed policy's 16 bits."""
        mixed = self.__dict__.get('_compute')
        return (mixed if mixed is not None else self._dtype).name

    @property
    def variable_dtype(self):
        return self._dtype.name

    @property
    def input_dtype(self):
        """The dtype a call converts floating inputs to (Keras 3): the compute dtype; a Sequential's
        Input's dtype, Discretization's floatx."""
        from .functional.keras_filled_arguments import _input_dtype      # (it imports Sequential)
        return _input_dtype(self)

    def _compute_array_dtype(self):
        """compute_dtype as the numpy dtype arrays are made in."""
        return self._dtype if self._compute is None else self._compute

    @property
    def dtype_policy(self):
        """The layer's ``keras.DTypePolicy`` (``<DTypePolicy "mixed_float16">``)."""
        from framework.keras.mixed_precision import DTypePolicy
        return DTypePolicy(self.__dict__.get('_mixed') or self._dtype.name)

    @dtype_policy.setter
    def dtype_policy(self, value):
        """Set the policy as Keras 3 does (``layer.dtype_policy = 'mixed_float16'``): later calls compute in
        its compute dtype, weights made later take its variable dtype; weights made before keep theirs."""
        self._dtype, compute, self._mixed = standardize_policy(value, type(self).__name__)
        self._compute = compute if self._mixed is not None else None
        self._policy_identity = None

    def _symbolic_dtype(self):
        """The dtype of the KerasTensors that a call on KerasTensors returns when the layer gives
        compute_output_shape: compute_dtype, unless the layer says otherwise (Keras 3's lookups
        declare floatx for their encodings in compute_output_spec, yet return int64 when run)."""
        return self.compute_dtype
