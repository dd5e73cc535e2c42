"""SavedModel signatures: functions called with keyword tensors that return a dict of tensors.

A signature is stored as where to find its function again after loading: a
method of an object inside the saved object (pickled with it, so it is the
same object once loaded) or a module-level ``tf.function`` (by import path).
"""
import importlib

import numpy as np

from ..concrete_function import ConcreteFunction, GraphOutput, OpenDims
from .. import trace_prints
from ..ops.graph_input_errors import eager_input_error
from ..function import Function, replaying
from ..retracing_warning import TracingDetector
from ..nest import flatten, map_structure
from ..ops.tensor_spec import TensorSpec
from ..tensor import Tensor, TensorShape, convert_to_tensor
from ..unique_names import unique_names
from .default_signature import function_to_export, output_dict
from .signature_flat_call import flat_call_error, takes_flat
from .signature_graph import SignatureGraph
from .signature_text import SignatureText


def _locate(function):
    """(instance, attribute) for a bound tf.function; (None, 'module:qualname') for a free one."""
    if isinstance(function, ConcreteFunction):
        function = function._function
    if not isinstance(function, Function):
        raise TypeError('tf.saved_model.save: a signature must be a tf.function or a concrete function, got %r'
                        % (function,))
    python_function = function.python_function
    ref = getattr(python_function, '_ref', None)
    instance = ref() if ref is not None else getattr(python_function, '__self__', None)
    if instance is not None:
        return instance, python_function.__name__, function
    return None, '%s:%s' % (function.__module__, function.__qualname__), function


def _input_names(function):
    if function.input_signature is not None:
        # an unnamed spec takes its parameter's name, as TF's signature lists it ('args_0' for *args)
        names = [name for name, _ in function._binder.signature_parameters()]
        if _is_nested(function.input_signature):
            # each spec inside a dict / list / tuple is a keyword of its own: its name, else its parameter's
            # numbered ({'a': TensorSpec(name='aa'), 'b': ...} for d: 'aa', 'd'; a pair: 'pair', 'pair_1')
            return unique_names([spec.name or name for name, value in zip(names, function.input_signature)
                                 for spec in flatten(value)])
        if len(names) != len(flatten(function.input_signature)):
            names = function._binder.names
        return [spec.name or name for spec, name in zip(flatten(function.input_signature), names)]
    return list(function._binder.names)


def _is_nested(input_signature):
    return any(isinstance(value, (list, tuple, dict)) for value in input_signature)


def _traced_output_specs(function, concrete):
    """{name: TensorSpec} of the signature's outputs where a run of its trace already showed them
    (TensorFlow traces a signature at save, so a loaded one lists its outputs before any call;
    tapeflow traces by running, and running at save would repeat the function's side effects)."""
    entry = concrete._entry if concrete is not None else function._dispatch.get(None)
    if entry is None or entry.outputs is None:
        return None
    return {name: TensorSpec(leaf.shape, leaf.dtype) for name, leaf in Signature._as_dict(entry.outputs).items()
            if isinstance(leaf, GraphOutput)}


def _zeros(spec):
    """A tensor of zeros (empty strings, False) that ``spec`` accepts: each open dimension 1, a scalar
    for an unknown rank."""
    shape = () if spec.shape is None or spec.shape.rank is None else [1 if d is None else d for d in spec.shape]
    dtype = spec.dtype
    value = np.full(shape, b'', dtype=object) if dtype.name == 'string' else np.zeros(shape, dtype.as_numpy_dtype)
    return convert_to_tensor(value, dtype)


class Signature(SignatureText, SignatureGraph):
    """A stored signature: call it with keyword tensors; it returns {'output_0': ...} or the function's dict;
    it prints as the ConcreteFunction TF revives (SignatureText) and has its graph's inputs, outputs and
    variables (SignatureGraph)."""

    def __init__(self, instance, where, input_names, input_specs=None, wrapped_name=None, output_specs=None,
                 call_structure=None):
        self._instance = instance          # None for a module-level function
        self._where = where                # the attribute of ``instance``, or 'module:qualname'
        self.input_names = list(input_names)
        self._specs = input_specs          # where the function keeps none (a Keras model's export)
        self._wrapped = wrapped_name       # TensorFlow's 'signature_wrapper_<name>' for such a one
        # a concrete function's (args, kwargs): TensorSpecs the inputs fill in order, Python values as traced
        self._call_structure = call_structure
        if output_specs is not None:       # known beforehand (a Keras model's symbolic outputs)
            self._set_output_specs({name: TensorSpec(spec.shape, spec.dtype, name)
                                    for name, spec in output_specs.items()})

    _specs = _wrapped = _call_structure = None      # signatures pickled before these were kept

    @classmethod
    def of(cls, function, at=None, wrapped_name=None):
        """The signature of a tf.function with an input_signature, or of a concrete function; ``at``:
        (object, attribute) where the loaded object finds the function (default: where it is bound);
        ``wrapped_name``: the name TF's wrapper takes after the function, where it is not its attribute's.

        Raises:
            ValueError: neither a tf.function with an input_signature nor a concrete function (TF 2.21's words).
        """
        if not isinstance(function, (Function, ConcreteFunction)) or \
                (isinstance(function, Function) and function.input_signature is None):
            error = ValueError('Expected a TensorFlow function for which to generate a signature, but got %s. Only '
                               '`tf.functions` with an input signature or concrete functions can be used as a '
                               'signature.' % (function,))
            if isinstance(function, Function):
                error.add_note('tf.saved_model.save: signature function %s has no input_signature; decorate it with '
                               'tf.function(input_signature=[tf.TensorSpec(...)]) or pass '
                               'f.get_concrete_function(tf.TensorSpec(...))' % function.__name__)
            raise error
        concrete = function if isinstance(function, ConcreteFunction) else None
        instance, where, function = _locate(function)
        if at is not None:
            instance, where = at
        names, specs, structure = _input_names(function), None, None
        if function.input_signature is not None and _is_nested(function.input_signature):
            # TF's wrapper takes the specs' flat tensors and calls the function with them put back in place
            structure = (tuple(function.input_signature), {})
        if concrete is not None and function.input_signature is None:
            # the trace's specs are the signature's (TF's structured_input_signature, dtype checks),
            # where it takes one tensor per parameter, as the keyword inputs the call passes on
            flat = concrete._flat_specs()
            renamed = concrete._entry.spec_names     # TensorSpec(name='inp') names that keyword 'inp'
            if len(flat) == len(names) and all(f == n or renamed.get(n) == f for (f, _), n in zip(flat, names)):
                names, specs = [f for f, _ in flat], [spec for _, spec in flat]
            else:
                # TF's wrapper takes the trace's flat tensors (f(x, scale=2.0): x; f({'a': .., 'b': ..}): p,
                # p_1) and calls it with its Python values as traced
                names, specs = [f for f, _ in flat], [spec for _, spec in flat]
                structure = concrete.structured_input_signature
        # TF names the wrapper of a concrete function's signature 'signature_wrapper', with no suffix
        if wrapped_name is None and concrete is not None:
            wrapped_name = ''
        return cls(instance, where, names, specs, wrapped_name=wrapped_name,
                   output_specs=_traced_output_specs(function, concrete), call_structure=structure)

    @property
    def function(self):
        if self._instance is not None:
            found = getattr(self._instance, self._where)
            # (an attribute keeping a concrete function: the signature calls its tf.function, as for a method)
            return found._function if isinstance(found, ConcreteFunction) else found
        module, qualname = self._where.split(':')
        found = importlib.import_module(module)
        for part in qualname.split('.'):
            found = getattr(found, part)
        return found

    @property
    def structured_input_signature(self):
        """((), {name: TensorSpec}) as TensorFlow lists a signature's keyword inputs, each spec
        named as its keyword."""
        specs = self._input_specs()
        if specs is None:
            raise AttributeError('structured_input_signature: this signature (a Keras model called on '
                                 "'inputs') keeps no TensorSpecs in tapeflow")
        return (), {name: TensorSpec(spec.shape, spec.dtype, name) for name, spec in zip(self.input_names, specs)}

    def __call__(self, *args, **kwargs):
        """Run the function on keyword inputs named as its input signature (a signature with one
        input also takes it positionally, as TensorFlow's signature wrapper does).

        Raises:
            TypeError: TensorFlow's binding error: too many positional arguments, a missing or an
                unexpected keyword (the message lists the signature's keyword inputs).
        """
        # (TF runs the saved graph: the function's Python prints show no more at the trace a first call makes)
        return self._call(args, kwargs, replaying)

    def _call(self, args, kwargs, running):
        """The call, its function run inside ``running()`` (a loaded signature's replay, or save's trace)."""
        given = kwargs
        if len(args) == 1 and not kwargs and len(self.input_names) == 1 and takes_flat(args[0]):
            given = {self.input_names[0]: args[0]}
        elif args:
            raise self._binding_error('too many positional arguments', args, kwargs)
        missing = [name for name in sorted(self.input_names) if name not in given]
        if missing:
            raise self._binding_error('missing a required argument: %r' % missing[0], args, kwargs)
        unexpected = [name for name in given if name not in self.input_names]
        if unexpected:
            raise self._binding_error('got an unexpected keyword argument %r' % unexpected[0], args, kwargs)
        inputs = [given[name] for name in self.input_names]
        self._check_dtypes(inputs)
        inputs = self._bound(inputs, args, kwargs)
        function = self.function
        with _uncounted(function), running():
            outputs = self._as_dict(self._run(function, inputs))
        if self._output_type is None:
            self._learn_output_type(inputs, outputs)
        return outputs

    def _run(self, function, inputs):
        if self._call_structure is None:
            return function(*inputs)
        tensors = iter(inputs)      # (in the order of ConcreteFunction._flat_specs: args, then kwargs)

        def fill(value):
            return map_structure(lambda leaf: next(tensors) if isinstance(leaf, TensorSpec) else leaf, value)
        args, kwargs = self._call_structure
        args = [fill(value) for value in args]
        return function(*args, **{name: fill(value) for name, value in kwargs.items()})

    _as_dict = staticmethod(output_dict)

    # TensorFlow knows a signature's outputs from its graph; tapeflow learns them from the first
    # call (the sizes at the input specs' None dimensions read as None, see OpenDims).
    _output_type = None
    _output_specs = None

    def _learn_output_type(self, inputs, outputs):
        specs = self._input_specs()
        pairs = [(None if s.shape is None or s.shape.rank is None else tuple(s.shape),   # None: TensorSpec(None)
                  tuple(getattr(x, 'shape', ())))
                 for s, x in zip(specs, inputs)] if specs is not None else []
        open_dims = OpenDims(pairs)
        self._set_output_specs({name: TensorSpec(open_dims.traced_shape(value.shape), value.dtype, name)
                                for name, value in outputs.items() if isinstance(value, Tensor)})

    def _set_output_specs(self, specs):
        self._output_specs = specs
        self._output_type = 'Dict[%s]' % ', '.join('[%r, %r]' % item for item in specs.items())

    def save_traced_function(self):
        """The tf.function tf.saved_model.save traces for this signature in its save context, as TF 2.21's
        save does first of all (its Python prints show then): one with an input_signature that no Keras
        layer holds (their steps keep their own traces); None for another signature."""
        try:
            function = self.function
        except Exception:       # noqa: BLE001 -- a function not found again (pickling will say why)
            return None
        if not isinstance(function, Function) or function.input_signature is None:
            return None
        instance, _, _ = _locate(function)
        from layers.layer import Layer        # (layers imports framework)
        return None if isinstance(instance, Layer) else function

    def trace_at_save(self, variables):
        """Learn the outputs as TensorFlow's save does by tracing the signature: run it once on zeros of
        its input specs (each open dimension 1), then give ``variables`` back their values (a trace
        assigns nothing). Python prints show, as in TF's trace; tf.print's writes do not (TF's save
        runs no graph); a run that fails leaves them unknown."""
        try:
            specs = self._input_specs()
        except Exception:       # noqa: BLE001 -- a function not found again (pickling will say why)
            return
        if self._output_specs is not None or specs is None or len(specs) != len(self.input_names):
            return
        kept = [(v, np.array(v.numpy())) for v in variables]
        try:
            # (a trace, whose Python prints show, as in TF's save)
            self._call((), {name: _zeros(spec) for name, spec in zip(self.input_names, specs)},
                       lambda: trace_prints.held(run=False))
        except Exception:       # noqa: BLE001 -- a function that cannot run on zeros keeps its outputs unknown
            pass
        finally:
            for variable, value in kept:
                variable.assign(value)

    @property
    def structured_outputs(self):
        """{name: TensorSpec(..., name=name)} as TensorFlow lists a signature's outputs.

        Raises:
            ValueError: the signature has not been called yet (tapeflow learns its outputs by running it).
        """
        if self._output_specs is None:
            raise ValueError('structured_outputs: this signature has not run yet; tapeflow learns its outputs '
                             'by running it, so call it once first (TensorFlow reads them from the saved graph)')
        return dict(self._output_specs)

    def _input_specs(self):
        specs = self._specs if self._specs is not None else getattr(self.function, 'input_signature', None)
        return None if specs is None else flatten(specs)

    def _wrapper_name(self):
        name = self._wrapped if self._wrapped is not None else self._where.split(':')[-1].split('.')[-1]
        return 'signature_wrapper_' + name if name else 'signature_wrapper'

    def _sorted(self, values):
        """(name, value) pairs in TensorFlow's signature wrapper's order: its keyword inputs sorted by
        name, as its binding errors list them and its graph numbers them (input #0 is 'alpha' of
        (zeta, alpha))."""
        return sorted(zip(self.input_names, values), key=lambda pair: pair[0])

    def _check_dtypes(self, inputs):
        """TensorFlow's graph call checks only dtypes here (not shapes), with its kernel's words."""
        specs = self._input_specs() or ()
        for index, (_, (value, spec)) in enumerate(self._sorted(zip(inputs, specs))):
            if isinstance(value, Tensor) and value.dtype != spec.dtype:
                raise eager_input_error('__inference_' + self._wrapper_name(), index, spec.dtype, value.dtype,
                                        named=False)

    def _bound(self, inputs, args, kwargs):
        """The inputs as TensorFlow's structured binding casts them: a value that is no tensor (a numpy
        array, a list) becomes a tensor of its input's dtype where its shape fits the spec, else TF's
        binding TypeError 'Can not cast TensorSpec(shape=(2, 5), ...) to TensorSpec(shape=(None, 3), ...)'
        (the flat fallback takes tensors only). Tensors pass as they are: TF's flat call runs the graph."""
        specs = self._input_specs()
        if specs is None or len(specs) != len(inputs):
            return inputs
        values = dict(zip(self.input_names, inputs))
        for name, spec in self._sorted(specs):
            value = values[name]
            if isinstance(value, Tensor):
                continue
            found = convert_to_tensor(value)
            if not TensorShape(spec.shape).is_compatible_with(found.shape):
                raise self._binding_error('Can not cast %r to %r' % (
                    TensorSpec(found.shape, found.dtype, name), TensorSpec(spec.shape, spec.dtype, name)), args, kwargs)
            if found.dtype != spec.dtype and spec.dtype.name != 'string':
                found = convert_to_tensor(np.asarray(value, dtype=spec.dtype.as_numpy_dtype))
            values[name] = found
        return [values[name] for name in self.input_names]

    def _binding_error(self, reason, args, kwargs):
        params = self._parameters_line()
        returns = '' if self._output_type is None else ' -> ' + self._output_type
        flat = flat_call_error(self._wrapper_name(), self.input_names, args, kwargs)
        return TypeError('Binding inputs to tf.function failed due to `%s`. Received args: %r and kwargs: %r for '
                         'signature: (*, %s)%s.\nFallback to flat signature also failed due to: %s'
                         % (reason, tuple(args), kwargs, params, returns, flat))


def default_signatures(obj, variables=()):
    """TensorFlow's default: the one function of ``obj`` that can be a signature, if exactly one
    (default_signature.py: a tf.function with an input_signature or a concrete function, on the instance or
    its class, returning flat tensors); for a Keras model, the model called on 'inputs' (none for a model never
    built: Keras has no input spec to trace it on, the distributed save_and_load tutorial's subclassed
    model loads with `_SignatureMap({})` on TF 2.21)."""
    if callable(getattr(type(obj), 'compile', None)) and hasattr(obj, 'layers'):
        if not getattr(obj, 'built', True):
            return {}
        from .keras_export import build_shape_specs, symbolic_call_specs      # it imports this module
        found = symbolic_call_specs(obj, 'inputs')
        if found is None and '_build_shapes_dict' in obj.__dict__ and obj.__dict__['_build_shapes_dict'] is None:
            # a subclassed model whose symbolic build run failed (its layers make tf.Variables in build) has no
            # build shapes: Keras's _default_save_signature property raises AttributeError on them, and TF's
            # getattr(..., None) reads no signature (TF 2.21 loads it with `signatures` empty)
            return {}
        names, specs, structure, outputs = found if found is not None else \
            (['inputs'], build_shape_specs(obj, 'inputs'), None, None)
        # Keras's _default_save_signature traces a function named serving_default: TF's wrapper of it
        # is 'signature_wrapper_serving_default' in binding and kernel errors
        return {'serving_default': Signature(obj, '__call__', names, specs, wrapped_name='serving_default',
                                             output_specs=outputs,
                                             call_structure=None if structure is None else ((structure,), {}))}
    found = function_to_export(obj, variables)
    # TF finds it as its concrete function, which has no __name__: its wrapper is 'signature_wrapper'
    return {} if found is None else \
        {'serving_default': Signature.of(found, at=_attribute_of(obj, found), wrapped_name='')}


def as_signatures(signatures, obj, variables=()):
    """``signatures`` (None, a function, or a dict name -> function) as {name: Signature}; ``variables``
    (the saved ones) keep their values through the traces the default's search makes."""
    if signatures is None:
        signatures = default_signatures(obj, variables)
    elif not isinstance(signatures, dict):
        signatures = {'serving_default': signatures}
    return {name: function if isinstance(function, Signature) else
            Signature.of(function, at=_attribute_of(obj, function)) for name, function in signatures.items()}


def _attribute_of(obj, function):
    """(obj, attribute) where ``obj`` keeps the tf.function ``function`` (``self.f = tf.function(lambda ...)``),
    which pickle cannot find by name; None for a method or a module-level function (found where bound)."""
    function = function._function if isinstance(function, ConcreteFunction) else function
    if not isinstance(function, Function) or getattr(function.python_function, '__self__', None) is not None:
        return None
    for name, value in vars(obj).items() if hasattr(obj, '__dict__') else ():
        if value is function or (isinstance(value, ConcreteFunction) and value._function is function):
            return obj, name        # (or a concrete function kept there: ``self.cf = f.get_concrete_function()``)
    return None


class _uncounted:
    """Calls of a loaded signature, made while inside, stay out of the frequent-retracing warning's
    count: TensorFlow runs a signature's concrete function, which never reaches the tf.function's
    tracing detector. tapeflow traces a signature at its first call, and that trace counted as an
    eager call that traced: five saved copies of a tf.Module, each loaded and called through its
    signature, logged 'WARNING:tensorflow:5 out of the last 5 calls to <bound method M.__call__ ...>
    triggered tf.function retracing' where TF 2.21 logs nothing. The detector (shared by every
    Function of one Python function) is swapped for a throwaway one while the call runs."""

    def __init__(self, function):
        self._function = function if isinstance(function, Function) else None

    def __enter__(self):
        if self._function is not None:
            self._counted = self._function._detector
            self._function._detector = TracingDetector()
        return self

    def __exit__(self, *exc):
        if self._function is not None:
            self._function._detector = self._counted
        return False
