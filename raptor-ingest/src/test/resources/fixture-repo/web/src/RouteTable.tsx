import { useEffect, useState } from "react";
import { TinyRouteClient } from "./client";

/** One row of the server's route table. */
export interface RouteInfo {
  method: string;
  pattern: string;
}

/** Loads the route table from the server once and returns it (empty while loading). */
export function useRoutes(client: TinyRouteClient): RouteInfo[] {
  const [routes, setRoutes] = useState<RouteInfo[]>([]);
  useEffect(() => {
    client.get<RouteInfo[]>("/routes").then(setRoutes);
  }, [client]);
  return routes;
}

/** Renders one route as a table row. */
const RouteRow = ({ route }: { route: RouteInfo }) => (
  <tr>
    <td>{route.method}</td>
    <td>{route.pattern}</td>
  </tr>
);

/** A table of every route registered on the server. */
export function RouteTable({ client }: { client: TinyRouteClient }) {
  const routes = useRoutes(client);
  return (
    <table>
      <tbody>
        {routes.map((r) => (
          <RouteRow key={r.method + r.pattern} route={r} />
        ))}
      </tbody>
    </table>
  );
}
