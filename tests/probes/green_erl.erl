%% Probe for the green-threads slide (tests/unit/green-threads-real.test.ts).
%% Run: erl -noshell +S 1 -s green_erl main <mode> (modes: memory, spin); prints one JSON-like line.
%%   memory  the memory of a fresh process waiting in receive (erlang:process_info(Pid, memory)), in bytes.
%%   spin    on one scheduler (+S 1): two processes spin in a tight loop while a third asks to wake every 1 ms;
%%           reports its wake-ups in 300 ms, the longest gap, and the reductions a spinner runs per time slice
%%           (its reductions divided by the times it was switched out, from erlang:trace's `running` events).
-module(green_erl).
-export([main/1]).

main([memory]) ->
    Pid = spawn(fun() -> receive stop -> ok end end),
    timer:sleep(10),
    {memory, Bytes} = erlang:process_info(Pid, memory),
    Pid ! stop,
    io:format("{\"otp\":\"~s\",\"mode\":\"memory\",\"bytes\":~b,\"wordsize\":~b}~n",
              [erlang:system_info(otp_release), Bytes, erlang:system_info(wordsize)]),
    halt(0);
main([spin]) ->
    Self = self(),
    Ticker = spawn(fun() -> ticker(Self, []) end),
    timer:sleep(20),
    Spinners = [spawn(fun() -> spin(0) end) || _ <- [1, 2]],
    [S1 | _] = Spinners,
    erlang:trace(S1, true, [running]),
    Start = erlang:monotonic_time(microsecond),
    Ticker ! {go, Start},
    timer:sleep(300),
    Ticker ! {stop, Self},
    Ticks = receive {ticks, T} -> T after 5000 -> [] end,
    {reductions, Reds} = erlang:process_info(S1, reductions),
    erlang:trace(S1, false, [running]),
    Outs = count_outs(0),
    [exit(S, kill) || S <- Spinners],
    Gaps = gaps(Start, lists:reverse(Ticks)),
    MaxGap = lists:max([0 | Gaps]),
    io:format("{\"otp\":\"~s\",\"mode\":\"spin\",\"schedulers\":~b,\"ticks\":~b,\"maxGapUs\":~b,"
              "\"reductions\":~b,\"outs\":~b}~n",
              [erlang:system_info(otp_release), erlang:system_info(schedulers_online), length(Ticks), MaxGap,
               Reds, Outs]),
    halt(0).

spin(N) -> spin(N + 1).

ticker(Parent, Acc) ->
    receive
        {go, _} -> tick([]);
        _ -> ticker(Parent, Acc)
    end.

tick(Acc) ->
    receive
        {stop, P} -> P ! {ticks, Acc}
    after 1 ->
        tick([erlang:monotonic_time(microsecond) | Acc])
    end.

gaps(_, []) -> [];
gaps(Prev, [T | Rest]) -> [T - Prev | gaps(T, Rest)].

count_outs(N) ->
    receive
        {trace, _, out, _} -> count_outs(N + 1);
        {trace, _, in, _} -> count_outs(N)
    after 0 -> N
    end.
