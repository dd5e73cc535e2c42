"""``ConcreteFunction``: one trace of a ``tf.function``, as ``get_concrete_function`` returns it."""
import inspect
import itertools

from . import concrete_structures, dtypes, nest, ragged_graph_outputs, sparse_graph_outputs
from .ops.graph_input_errors import eager_input_error
from .concrete_function_outputs import learn_outputs
from .concrete_function_variables import captured_values, captured_variables
from .function_keys import (ObjectRef, ProtocolKey, accepts, describe, describe_spec, is_tensor_key, named_specs,
                            placeholder, trace_key)
from .traced_dict_orders import reordered, walk_ranks
from .variable import Variable
from .ops.tensor_spec import TensorSpec
from .tensor import Tensor, TensorShape, convert_to_tensor
from .unique_names import unique_names
from .sparse_trace_keys import is_sparse

# (graph outputs of several graph tensors: structured_outputs shows them as one, outputs lists each)
_COMPOSITE_OUTPUTS = (ragged_graph_outputs.RaggedGraphOutput, sparse_graph_outputs.SparseGraphOutput)


def output_type(result, open_dims=None):
    """TensorFlow's 'Output Type:' text for a trace's result: TensorSpecs in its structure
    (``Tuple[...]``, ``Dict[['k', ...]]``, ``Literal[None]``), shapes as ``traced_shape`` infers them."""
    return _structure_text(result, open_dims or OpenDims())


def output_leaves(result, open_dims=None):
    """A trace's result with each tensor replaced by an unnamed GraphOutput, for ``structured_outputs``."""
    open_dims = open_dims or OpenDims()

    def leaf(v):
        if isinstance(v, Tensor):
            return GraphOutput(None, open_dims.shape_of(v), v.dtype)
        if type(v).__name__ == 'RaggedTensor':
            return ragged_graph_outputs.stand_in(v, GraphOutput, open_dims)
        if is_sparse(v):
            return sparse_graph_outputs.stand_in(v, GraphOutput, open_dims.shape_of(v))
        return v
    return nest.map_structure(leaf, result)


def name_outputs(outputs, unique):
    """Name the GraphOutputs of a trace's ``outputs`` (output_leaves') as TF's graph names its output Identity ops,
    ``unique('Identity')`` each in ``structured_outputs``' order: after the Identity ops the trace's own code made
    (tf.identity, tf.sparse.retain's), TF 2.21's outputs are 'Identity_1:0', 'Identity_2:0', ..."""
    def leaf(v):
        if isinstance(v, GraphOutput):
            v.name = unique('Identity') + ':0'
        elif isinstance(v, _COMPOSITE_OUTPUTS):
            for component in v.components():
                leaf(component)
        return v
    nest.map_structure(leaf, outputs)


class OpenDims:
    """What a trace leaves open, seen from one run: the run's sizes at the inputs' None dimensions,
    and the run's shapes of inputs of unknown rank. TensorFlow infers its outputs' shapes in the
    graph; tapeflow runs the function, so it reads an output's size equal to an open input size as
    that open dimension (a batch), and an output shaped as an unknown-rank input as of unknown rank:
    right for elementwise and batch-preserving code; a fixed size that happens to equal the run's
    batch also shows as None. A size of 1 is read as open only at an axis an input left open there
    (a batch of one through Dense(1) is TensorFlow's (None, 1), not (None, None))."""
    __slots__ = ('sizes', 'unknown', 'axes', 'inferred')

    def __init__(self, pairs=()):
        """``pairs``: (traced shape (a tuple with None, or None for an unknown rank), run shape)."""
        self.sizes, self.unknown, self.axes = set(), set(), set()
        # id(output) -> (output, its shape as the trace inferred it, as a print there shows it): these need no guess
        self.inferred = {}
        for traced, shape in pairs:
            if traced is None:
                self.unknown.add(tuple(shape))
            else:
                open_dims = [(axis, int(n)) for axis, (d, n) in enumerate(zip(traced, shape)) if d is None]
                self.sizes.update(n for _, n in open_dims)
                self.axes.update(open_dims)

    def infer(self, tensor, shape):
        """Note ``shape`` (a tuple with None, or None for an unknown rank) as the trace's for the output ``tensor``."""
        self.inferred[id(tensor)] = (tensor, TensorShape(shape))

    def shape_of(self, tensor):
        """``tensor``'s shape as the graph has it: the trace's own where it inferred one, else read from the run."""
        found = self.inferred.get(id(tensor))
        if found is not None and found[0] is tensor:
            return found[1]
        return self.traced_shape(tensor.shape)

    def traced_shape(self, shape):
        shape = tuple(shape)
        if shape in self.unknown:
            return TensorShape(None)
        return TensorShape([None if d in self.sizes and (d != 1 or (axis, 1) in self.axes) else d
                            for axis, d in enumerate(shape)])


class GraphOutput:
    """An output of a traced graph as ``structured_outputs`` shows it: TensorFlow's symbolic tensor
    'Identity:0', 'Identity_1:0', ... (its shape, dtype and name; no value)."""

    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, shape, dtype

    def __str__(self):
        if self.shape.rank is None:         # TensorFlow leaves an unknown shape out
            return 'Tensor("%s", dtype=%s)' % (self.name, self.dtype.name)
        return 'Tensor("%s", shape=%s, dtype=%s)' % (self.name, self.shape, self.dtype.name)

    def __repr__(self):
        from .tensor import DISPLAY_NAME
        return "<%s.Tensor '%s' shape=%s dtype=%s>" % (DISPLAY_NAME, self.name, self.shape, self.dtype.name)


def _structure_text(value, open_dims):
    if isinstance(value, Tensor):
        return repr(TensorSpec(open_dims.shape_of(value), value.dtype))
    if value is None:
        return 'Literal[None]'
    if type(value).__name__ == 'RaggedTensor':
        return repr(_ragged_spec(value, open_dims))
    if is_sparse(value):
        from .type_spec import SparseTensorSpec
        return repr(SparseTensorSpec(open_dims.shape_of(value), value.dtype))
    if isinstance(value, dict):
        return 'Dict[%s]' % ', '.join('[%r, %s]' % (k, _structure_text(v, open_dims)) for k, v in value.items())
    if isinstance(value, tuple) and hasattr(type(value), '_fields'):     # a namedtuple: Point[['x', ...], ...]
        return '%s[%s]' % (type(value).__name__, ', '.join(
            '[%r, %s]' % (f, _structure_text(v, open_dims)) for f, v in zip(value._fields, value)))
    if isinstance(value, (list, tuple)):
        return '%s[%s]' % ('List' if isinstance(value, list) else 'Tuple',
                           ', '.join(_structure_text(v, open_dims) for v in value))
    return 'Literal[%r]' % (value,)


def _ragged_spec(rt, open_dims):
    """A RaggedTensor output's RaggedTensorSpec as the trace has it: its rows as its outer row splits' traced
    length says (x + 1 of an input of RaggedTensorSpec([3, None]) keeps 3; of [None, None], None), its ragged
    axes open, its inner axes as its flat values' traced shape."""
    from .ragged.ragged_spec import RaggedTensorSpec
    splits = open_dims.shape_of(rt.row_splits)
    rows = None if splits.rank is None or splits[0] is None else splits[0] - 1
    inner = open_dims.shape_of(rt.flat_values)
    inner = [None] * (len(rt.flat_values.shape) - 1) if inner.rank is None else list(inner)[1:]
    return RaggedTensorSpec([rows] + [None] * rt.ragged_rank + inner, rt.dtype, rt.ragged_rank, rt.row_splits.dtype)


# TensorFlow numbers each traced graph's function '__inference_<name>_<uid>' from its global uid
# counter (which every graph op also advances); tapeflow's numbers keep the names unique, not TF's digits
_FUNCTION_UIDS = itertools.count(1)


def _cast_reason(value, key):
    """TensorFlow's words for a value that does not fit a trace's Python or structure key
    (trace_type/default_types.py: a structure's cast asserts the container type first)."""
    container = key[0] if type(key) is tuple and key and isinstance(key[0], type) else None
    if container in (tuple, list) and not isinstance(value, container):
        return 'Can not cast %r to %s type.' % (value, container.__name__)
    if container is dict and not isinstance(value, dict):
        return 'Can not cast %r to a Dict type.' % (value,)
    return 'Can not cast %r to %s' % (value, describe(key))


class PrintedAsConcreteFunction:
    """How TF prints a concrete function from its ``function_type`` (a traced one's, a loaded signature's)."""

    def pretty_printed_signature(self, verbose=True):
        """The block ``print(cf)`` shows (verbose), or the one-line ``(x: TensorSpec(...)) -> ...``."""
        return repr(self.function_type) if verbose else str(self.function_type)

    def __str__(self):
        return 'ConcreteFunction ' + repr(self.function_type)

    def __repr__(self):
        return '<ConcreteFunction %s at 0x%X>' % (self.function_type, id(self))


class ConcreteFunction(PrintedAsConcreteFunction):
    """One trace of a ``Function``: callable with arguments that fit it.

    Python arguments of the trace may be left out (they are filled in) or given
    equal; tensors must have the traced dtype and fit its shape.
    """

    def __init__(self, function, entry):
        self._function = function
        self._entry = entry
        self._graph_name = None
        self._outputs_tried = False     # (a run on stand-ins for outputs no call has shown: once)

    @property
    def name(self):
        """The traced graph function's name, bytes as TensorFlow gives it: b'__inference_scale_10'."""
        if self._graph_name is None:
            self._graph_name = ('__inference_%s_%d' % (self._function.name, next(_FUNCTION_UIDS))).encode()
        return self._graph_name

    @property
    def inputs(self):
        """The graph's placeholders, one per tensor of the structured signature ('x:0', 'pair_1:0').
        TensorFlow also lists a resource placeholder per variable the trace captured; tapeflow's trace
        reads variables directly, so those are not listed."""
        found = self._tensor_inputs()
        # (named in the order TF makes the placeholders, a dict's keys as the trace was given them:
        # traced_dict_orders; listed in nest's flat order)
        walk = sorted(range(len(found)), key=lambda i: found[i][2])
        names = dict(zip(walk, unique_names([found[i][0] for i in walk])))
        return [GraphOutput(names[i] + ':0', TensorShape(spec.shape), spec.dtype)
                for i, (_, spec, _) in enumerate(found)]

    @property
    def output_dtypes(self):
        """``structured_outputs`` with each tensor's dtype (a None output stays None)."""
        return nest.map_structure(lambda v: v.dtype if isinstance(v, GraphOutput) else None, self._graph_outputs)

    @property
    def output_shapes(self):
        """``structured_outputs`` with each tensor's shape (a None output: TensorShape(None), as TF gives)."""
        return nest.map_structure(lambda v: v.shape if isinstance(v, GraphOutput) else TensorShape(None),
                                  self._graph_outputs)

    @property
    def variables(self):
        """The variables the trace captures (concrete_function_variables: found in the traced code)."""
        return captured_variables(self._function.python_function, seed_reads=self._entry.seed_reads)

    def _captured_values(self):
        """The variables and eager tensors the trace captures, in its code's order (concrete_function_variables)."""
        return captured_values(self._function.python_function, self._entry.seed_reads, self._entry.tensor_reads)

    @property
    def trainable_variables(self):
        return tuple(v for v in self.variables if v.trainable)

    @property
    def outputs(self):
        """The graph's output tensors, flat ('Identity:0', 'Identity_1:0', ...; a None output has none)."""
        flat = [c for v in nest.flatten(self._graph_outputs)
                for c in (v.components() if isinstance(v, _COMPOSITE_OUTPUTS) else [v])]
        return [v for v in flat if isinstance(v, GraphOutput)]

    @property
    def structured_input_signature(self):
        if self._entry.key is None:
            binder = self._function._binder
            names = [name for name, _ in binder.signature_parameters()]
            args = [named_specs(spec, name) for name, spec in zip(names, self._function.input_signature)]
            kwargs = {}
            for name, kind, default in binder.defaulted_parameters():
                if kind == 'KEYWORD_ONLY':
                    kwargs[name] = default
                else:
                    args.append(default)
            return tuple(args), kwargs
        return self._parameter_placeholders(named=True)

    @property
    def structured_outputs(self):
        """The trace's outputs as TensorFlow's graph tensors ('Identity:0', ...), None kept. Shapes are
        the first run's: where the trace left an input dimension open, TensorFlow's shape inference
        may report None where this reports the size that run had."""
        return self._graph_outputs

    @property
    def _graph_outputs(self):
        """``structured_outputs``' graph tensors, which ``outputs`` / ``output_dtypes`` / ``output_shapes`` read
        (a revived concrete function shows specs as its structured_outputs: saved_model/restored_concrete.py)."""
        if self._known_output_type() is None:     # tapeflow traces by running the function
            raise ValueError('structured_outputs: this concrete function has not run yet; tapeflow learns a '
                             "trace's outputs by running it, so call it once first (TensorFlow traces without "
                             'running)')
        count = iter(range(1 << 30))

        def leaf(v):
            if isinstance(v, GraphOutput):      # (named by the trace's graph where it ran: name_outputs)
                i = next(count)
                return GraphOutput(v.name or 'Identity%s:0' % ('_%d' % i if i else ''), v.shape, v.dtype)
            if isinstance(v, _COMPOSITE_OUTPUTS):     # its components numbered in TF's order
                return v.renamed(leaf)
            return v
        return nest.map_structure(leaf, self._entry.outputs)

    def _known_output_type(self):
        """The trace's 'Output Type:' text, or None. A trace no call has run yet (get_concrete_function's)
        runs once on stand-ins first, as TensorFlow traces there (concrete_function_outputs.py)."""
        if self._entry.output_type is None and not self._outputs_tried:
            self._outputs_tried = True
            learn_outputs(self, self._entry, self._function)
        return self._entry.output_type

    def _parameters(self):
        """(name, TensorFlow's parameter kind, trace key) per parameter of the trace, ``*args`` spread
        as args_0, args_1, ... and ``**kwargs`` as keyword-only parameters, as TensorFlow lists them."""
        params = list(self._function._binder.signature.parameters.values())
        var_positional = any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in params)
        found = []
        for param, key in zip(params, self._entry.key[1:]):
            if param.kind == inspect.Parameter.VAR_POSITIONAL:
                found += [('%s_%d' % (param.name, i), 'POSITIONAL_ONLY', k) for i, k in enumerate(key[1:])]
            elif param.kind == inspect.Parameter.VAR_KEYWORD:
                found += [(name, 'KEYWORD_ONLY', k) for name, k in key[1:]]
            elif param.kind == inspect.Parameter.KEYWORD_ONLY:
                found.append((param.name, 'KEYWORD_ONLY', key))
            else:
                found.append((param.name, 'POSITIONAL_ONLY' if var_positional else 'POSITIONAL_OR_KEYWORD', key))
        return found

    def __call__(self, *args, **kwargs):
        try:
            args, kwargs = self._bind(args, kwargs)
        except TypeError as structured:
            message = str(structured)
            if not message.startswith('Binding inputs to tf.function failed') or message[-1:] != '.':
                raise
            flat = self._flat_signature_error(args, kwargs)
            if flat is None:        # TensorFlow calls the graph with these tensors: its kernel checks dtypes
                self._check_graph_inputs(args, kwargs)
                structured = self._from_flat(args, kwargs)
                if structured is None:
                    raise
                return self._function._run(self._entry, None, *structured, counted=False)
            if self._known_output_type() is not None:     # TensorFlow's signature text ends with the output type
                message = message[:-1] + ' -> %s.' % self._entry.output_type
            error = TypeError(message + '\nFallback to flat signature also failed due to: ' + flat)
            error.__notes__ = getattr(structured, '__notes__', [])
            raise error from None
        return self._function._run(self._entry, None, args, kwargs, counted=False)

    def _from_flat(self, args, kwargs):
        """The structured (args, kwargs) for a call by the graph's flat tensor inputs: each tensor parameter
        takes the next tensor, each Python parameter the value it was traced with (TensorFlow's graph
        holds that value; ``tf.function(f).get_concrete_function(model, x)(x)``); keyword-only ones (a
        ``scale=2``, a ``**kw`` entry) are passed as keywords, ``*args`` ones in order. None where the trace
        has structured parameters, or a traced object is gone."""
        tensors = iter(list(args) + [kwargs[name] for name, _ in self._flat_specs()[len(args):]])
        if self._entry.key is None:     # an input_signature's trace: its specs take the tensors in flat order
            specs = self._function._binder.input_signature
            if not all(isinstance(s, TensorSpec) for s in nest.flatten(list(specs))):
                return None
            return [nest.pack_sequence_as(spec, [next(tensors) for _ in nest.flatten(spec)]) for spec in specs], {}
        positional, keywords = [], {}
        for name, kind, key in self._parameters():
            if is_tensor_key(key):
                value = next(tensors)
            elif concrete_structures.is_structure_key(key):      # (its tensors the next flat inputs)
                try:
                    value = concrete_structures.rebuilt(key, tensors)
                except (concrete_structures.Unsupported, StopIteration):
                    return None
            elif type(key) is tuple or type(key) is ProtocolKey:
                return None
            else:
                value = placeholder(key)
                if isinstance(key, ObjectRef) and value is None:
                    return None
            if kind == 'KEYWORD_ONLY':
                keywords[name] = value
            else:
                positional.append(value)
        return positional, keywords

    def _flat_specs(self):
        """The graph's inputs: (TensorFlow's argument keyword, TensorSpec) per tensor of the structured
        signature, in nest's flat order; each takes its spec's own name (TensorSpec(name='inp'), inside a
        structure too), else its parameter's, repeats numbered 'pair', 'pair_1', ... in that order."""
        found = self._tensor_inputs()
        # (TF's unique_name of each: two specs named 'a' are 'a', 'a_1')
        return list(zip(unique_names([name for name, _, _ in found]), [spec for _, spec, _ in found]))

    def _tensor_inputs(self):
        """(the name it asks for, TensorSpec, its place in the walk that makes TF's placeholders) per tensor
        of the structured signature, in nest's flat order (see _flat_specs)."""
        found = []
        args, kwargs = self.structured_input_signature
        own_args, own_kwargs = self._own_specs()
        params = [p.name for p in self._function._binder.signature.parameters.values()
                  if p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)]
        # (TF's order: the positional parameters, ``*args`` spread, then the keyword-only ones)
        values = list(zip(params, args, own_args)) + [('args_%d' % i, v, own) for i, (v, own) in enumerate(
            zip(args[len(params):], own_args[len(params):]))]
        values += [(k, v, own_kwargs.get(k)) for k, v in kwargs.items()]
        for index, (name, value, own) in enumerate(values):
            specs, owns = nest.flatten(value), nest.flatten(own)
            if len(owns) != len(specs):
                owns = [None] * len(specs)
            for spec, own_spec, rank in zip(specs, owns, walk_ranks(value)):
                if isinstance(spec, TensorSpec):
                    found.append((own_spec.name if isinstance(own_spec, TensorSpec) and own_spec.name else name,
                                  spec, (index, rank)))
        return found

    def _own_specs(self):
        """The structured signature as (args, kwargs) with each TensorSpec named only by its own name (None
        where it had none): the input_signature's specs, or the get_concrete_function specs' names."""
        if self._entry.key is None:
            return tuple(self._function.input_signature), {}
        return self._parameter_placeholders(named=False)

    def _parameter_placeholders(self, named):
        """(args, kwargs) of the traced parameters' placeholders; ``named``: a spec without a name of its
        own takes its parameter's."""
        args, kwargs = [], {}
        orders = self._dict_orders()
        for name, kind, key in self._parameters():
            value = placeholder(reordered(key, orders.get(name)), name if named else None,
                                self._entry.spec_names.get(name))
            if kind == 'KEYWORD_ONLY':
                kwargs[name] = value
            else:
                args.append(value)
        return tuple(args), kwargs

    def _dict_orders(self):
        """{parameter: its dicts' key orders} as the trace was made (traced_dict_orders); {} where the
        trace keeps none."""
        return getattr(self._entry, 'dict_orders', None) or {}

    def _check_graph_inputs(self, args, kwargs):
        """The graph call's kernel check: each tensor must have its input's traced dtype."""
        specs = self._flat_specs()
        given = list(args) + [kwargs[name] for name, _ in specs[len(args):]]
        for index, (value, (_, spec)) in enumerate(zip(given, specs)):
            if isinstance(value, Tensor) and value.dtype != spec.dtype:
                raise eager_input_error('__inference_' + self._function.name, index, spec.dtype, value.dtype,
                                        named=False)

    def _flat_signature_error(self, args, kwargs):
        """Why TensorFlow's second try, the graph's flat list of tensor inputs, refuses these
        arguments (its words), or None where it would take them."""
        names = [name for name, _ in self._flat_specs()]
        summary = '%s(%s)' % (self._function.name, ', '.join(names))
        if len(args) > len(names):
            return '%s takes %d positional arguments, got %d.' % (summary, len(names), len(args))
        args, kwargs = list(args), dict(kwargs)
        for keyword in names[len(args):]:
            if keyword not in kwargs:
                missing = sorted(set(names) - set(names[:len(args)] + list(kwargs)))
                return '%s missing required arguments: %s.' % (summary, ', '.join(missing))
            args.append(kwargs.pop(keyword))
        if kwargs:
            for key in kwargs:
                if key in names[:len(args)]:
                    return "%s got two values for '%s'." % (summary, key)
            return '%s got unexpected keyword arguments: %s.' % (summary, ', '.join(sorted(kwargs)))
        for i, arg in enumerate(args):
            if not isinstance(arg, Tensor):
                return '%s: expected argument #%d(zero-based) to be a Tensor; got %s (%s).' % (
                    summary, i, type(arg).__name__, arg)
        for i, arg in enumerate(args):      # the eager graph call's check, after the summary's
            if isinstance(arg, Variable):
                return "provided list of inputs contains objects other than 'EagerTensor'. Item %d is type: %s" % (
                    i, type(arg).__name__)
        return None

    def _bind(self, args, kwargs):
        """The arguments the traced function runs with (TensorFlow's structured signature)."""
        function = self._function
        binder = function._binder
        if binder.input_signature is not None:
            try:
                # the signature's tensors are required (f(x, y=None) traced for [x, y] refuses cf(x) as
                # TF's `missing a required argument: 'y'`); the parameters it leaves keep their defaults
                self._input_signature_parameters().bind(*args, **kwargs)
            except TypeError as reason:
                raise self._binding_error(reason, args, kwargs) from None
            args, kwargs = binder.cast(args, kwargs, error=self._binding_error), {}
        else:
            names = binder.names
            filled = dict(kwargs)
            keys = self._entry.key[1:]
            try:
                # a concrete function's parameters have no defaults, not even the Python literal it was
                # traced with: cf(10.0) for power(a, b=2) is TF's `missing a required argument: 'b'` (a
                # tensor for a alone then runs by the flat signature, __call__); *args and **kw are the
                # parameters the trace spread them into (args_0, z)
                self._trace_signature().bind(*args, **kwargs)
            except TypeError as reason:     # TensorFlow binds the arguments as given, then names the traced types
                raise self._binding_error(reason, args, kwargs) from None
            values = binder.bind(args, filled)
            given, args = tuple(args), list(args)       # (errors show the arguments as given)
            variadic = [p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
                        for p in binder.signature.parameters.values()]
            for i, (value, key) in enumerate(zip(values, keys)):
                if is_tensor_key(key):
                    converted = self._check_tensor(value, key, given, kwargs)
                    if converted is not value:      # a Python value or array: the function sees a tensor
                        if i < len(args):
                            args[i] = converted
                        else:
                            filled[names[i]] = converted
                elif concrete_structures.is_structure_key(key) and not variadic[i] and \
                        (cast := self._cast_structure(value, key, given, kwargs)):
                    converted = cast[0]
                    if converted is not value:
                        if i < len(args):
                            args[i] = converted
                        else:
                            filled[names[i]] = converted
                elif not accepts(key, trace_key(value)):
                    raise self._binding_error(_cast_reason(value, key), given, kwargs)
            kwargs = filled
        return args, kwargs

    def _cast_structure(self, value, key, args, kwargs):
        """(``value`` cast to the structure ``key``,), as TF casts leaf by leaf; () where a part is one
        tapeflow does not cast here (then the whole is compared by its key)."""
        try:
            return (concrete_structures.cast(value, key),)
        except concrete_structures.Unsupported:
            return ()
        except TypeError as reason:
            raise self._binding_error(reason, args, kwargs) from None

    def _input_signature_parameters(self):
        """An input_signature trace's parameters as a Python signature: its specs' without defaults,
        the others' with (binder.defaulted_parameters)."""
        defaults = {name: default for name, _, default in self._function._binder.defaulted_parameters()}
        return inspect.Signature([inspect.Parameter(name, getattr(inspect.Parameter, kind),
                                                    default=defaults.get(name, inspect.Parameter.empty))
                                  for name, kind, _ in self._parameter_texts()])

    def _trace_signature(self):
        """The concrete function's parameters as a Python signature without defaults (see _parameters)."""
        return inspect.Signature([inspect.Parameter(name, getattr(inspect.Parameter, kind))
                                  for name, kind, _ in self._parameters()])

    def _check_tensor(self, value, key, args, kwargs):
        """A tensor argument as a concrete function takes it (TensorFlow's graph call): any shape, but
        its traced dtype (else InvalidArgumentError, as the graph's kernel says); a Python value or
        array must convert to the traced dtype and a compatible shape (else TypeError)."""
        dtype = dtypes.as_dtype(key[2])
        if isinstance(value, Tensor):
            if value.dtype != dtype:        # (the graph's kernel may take it after all: __call__)
                raise self._binding_error('Can not cast %r to %s' % (
                    TensorSpec(value.shape, value.dtype), describe(key)), args, kwargs)
            return value
        try:
            converted = convert_to_tensor(value, dtype=dtype)
        except (TypeError, ValueError):
            converted = None
        if converted is None or not accepts(key, trace_key(converted)):
            shown = TensorSpec(converted.shape, dtype) if converted is not None else value
            raise self._binding_error('Can not cast %r to %s' % (shown, describe(key)), args, kwargs)
        return converted

    def _binding_error(self, reason, args, kwargs):
        """TensorFlow's TypeError for arguments the trace's parameters refuse, which it names by the
        concrete function's own type (a named TensorSpec's name, ``*args`` spread as args_0, args_1, ...)."""
        return TypeError('Binding inputs to tf.function failed due to `%s`. Received args: %r and kwargs: %r for '
                         'signature: %s.' % (reason, tuple(args), kwargs, self.function_type.parameters_text()))

    def _parameter_texts(self):
        """(name, TensorFlow's parameter kind, its type's text) per parameter of the trace; a tensor
        traced from a named TensorSpec shows that name (TensorSpec(..., name='inp'))."""
        if self._entry.key is None:
            binder = self._function._binder
            return [(name, kind, describe_spec(spec))
                    for (name, kind), spec in zip(binder.signature_parameters(), self._function.input_signature)] + \
                [(name, kind, describe(trace_key(default))) for name, kind, default in binder.defaulted_parameters()]
        named = self._entry.spec_names      # (inside a structure too: d: Dict[['a', TensorSpec(..., name='aa')]])
        orders = self._dict_orders()        # (a dict's keys as the trace was given them: traced_dict_orders)
        return [(name, kind, describe(reordered(key, orders.get(name)), named.get(name)))
                for name, kind, key in self._parameters()]

    @property
    def function_type(self):
        return FunctionType(self)



class FunctionType:
    """A trace's parameters and output as TensorFlow's ``cf.function_type`` prints them: str is the
    one-line ``(x: TensorSpec(...), /, *, k: Literal[2]) -> TensorSpec(...)``, repr the block
    ``print(cf)`` shows. The output is known once the trace has run (tapeflow traces by running)."""

    def __init__(self, concrete):
        self._concrete = concrete

    def __str__(self):
        output = self._concrete._known_output_type()
        return self.parameters_text() + ('' if output is None else ' -> ' + output)

    def parameters_text(self, parameters=None):
        """``(x: TensorSpec(...), /, *, k: Literal[2])``: the parameters of the one-line text (``parameters``:
        (name, kind, text) per parameter, where not the trace's own texts)."""
        parts, kinds = [], []
        for name, kind, text in self._concrete._parameter_texts() if parameters is None else parameters:
            if kind == 'KEYWORD_ONLY' and 'KEYWORD_ONLY' not in kinds:
                if 'POSITIONAL_ONLY' in kinds:
                    parts.append('/')
                parts.append('*')
            parts.append('%s: %s' % (name, text))
            kinds.append(kind)
        if kinds and kinds[-1] == 'POSITIONAL_ONLY':
            parts.append('/')
        return '(%s)' % ', '.join(parts)

    def __repr__(self):
        concrete = self._concrete
        lines = ['Input Parameters:']
        lines += ['  %s (%s): %s' % parameter for parameter in concrete._parameter_texts()]
        if concrete._known_output_type() is not None:
            # TensorFlow lists each captured variable's resource handle and each captured eager tensor
            # under its Python id
            captures = [_capture_line(v) for v in concrete._captured_values()]
            lines += ['Output Type:', '  ' + concrete._entry.output_type, 'Captures:'] + (captures or ['  None'])
        return '\n'.join(lines)


def _capture_line(value):
    """'  <id>: <TF's TensorSpec text>' of a captured value (TF prints the captured tensor's id)."""
    from .saved_model.graph_captures import Capture     # (saved_model imports this module)
    if isinstance(value, Capture):      # a lookup layer's table handle or constant
        return '  %d: %s' % (value.key, value.text)
    return '  %d: %s' % (id(value), _capture_spec_text(value))


def _capture_spec_text(value):
    """TF's TensorSpec text of a captured value: a variable's resource handle, or an eager tensor's own spec."""
    if isinstance(value, Variable):
        return 'TensorSpec(shape=(), dtype=tf.resource, name=None)'
    return repr(TensorSpec(value.shape, value.dtype))
